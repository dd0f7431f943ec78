// Messages beyond e-mail (issue 48, decision 0108): the channels a parent may choose per kind of
// message, shared by the server, Profile Settings and the office's screens.

export const CHANNELS = ["email", "sms", "whatsapp"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The kinds of message a parent chooses channels for, in Profile Settings' order. */
export const MESSAGE_KINDS = [
  "reminders",
  "payments",
  "closures",
  "lowBalance",
  "counter",
  "announcements",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type NotificationChannels = Record<MessageKind, Channel[]>;

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  reminders: "Order reminders",
  payments: "Payment confirmations",
  closures: "Closed days",
  lowBalance: "Low wallet balance",
  counter: "Counter purchases",
  announcements: "School announcements",
};

export const CHANNEL_LABELS: Record<Channel, string> = {
  email: "E-mail",
  sms: "SMS",
  whatsapp: "WhatsApp",
};

/** GET /api/account/notifications (and PUT's answer). */
export type NotificationsDto = {
  channels: NotificationChannels;
  /** The account's phone in international form, null without one. */
  phone: string | null;
  phoneVerified: boolean;
  /** The channels this school offers and the platform has configured (e-mail always). */
  offered: Channel[];
  /** The number replied STOP: SMS is off until the parent chooses it again. */
  smsOptedOut: boolean;
};

/** The kinds a parent may receive during quiet hours: a confirmation of what they just did. */
export const QUIET_HOURS = { startHour: 20, endHour: 8 } as const;

/** An SMS is one message: at most this many GSM-7 characters, never split. */
export const SMS_MAX_LENGTH = 160;

/** The school's messaging settings (GET/PUT /api/settings/messaging). */
export type MessagingSettingsDto = {
  /** The SMS sender ID registered with the networks; null: the provider's default. */
  senderId: string | null;
  sms: boolean;
  whatsapp: boolean;
};

export const DEFAULT_MESSAGING_SETTINGS: MessagingSettingsDto = {
  senderId: null,
  sms: true,
  whatsapp: true,
};
