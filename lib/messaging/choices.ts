import {
  MESSAGE_KINDS,
  type Channel,
  type MessageKind,
  type NotificationChannels,
} from "@/lib/contracts/notifications";
import { defaultChannels, savedChannels, type RecipientPrefs } from "@/lib/messaging/preferences";

// What Profile Settings shows of the parent's choice and how the older switches stay in step with
// it (issue 48, decision 0110). Pure: the account's columns and the offered channels are arguments.

/** The account's choice with the master switches applied: reminders and counter purchases off. */
export function chosenChannels(prefs: RecipientPrefs): NotificationChannels {
  const saved = savedChannels(prefs);
  return {
    ...saved,
    reminders: prefs.orderReminders ? saved.reminders : [],
    counter: prefs.counterReceipts ? saved.counter : [],
  };
}

/** Whether the account can receive `channel` now (the school offers it; a phone channel needs a
 * verified phone; SMS not after the number replied STOP). */
export function canReceive(
  prefs: Pick<RecipientPrefs, "phone" | "phoneVerifiedAt" | "smsOptedOutAt">,
  channel: Channel,
  offered: readonly Channel[],
): boolean {
  if (!offered.includes(channel)) return false;
  if (channel === "email") return true;
  const verified = prefs.phone !== null && prefs.phoneVerifiedAt !== null;
  return channel === "sms" ? verified && prefs.smsOptedOutAt === null : verified;
}

/**
 * What Profile Settings shows and a save sends back: the choice, less what the account cannot
 * receive now. A number that replied STOP shows SMS unticked: ticking it again is choosing it.
 */
export function shownChannels(
  prefs: RecipientPrefs,
  offered: readonly Channel[],
): NotificationChannels {
  const chosen = chosenChannels(prefs);
  return Object.fromEntries(
    MESSAGE_KINDS.map((kind) => [
      kind,
      chosen[kind].filter((channel) => canReceive(prefs, channel, offered)),
    ]),
  ) as NotificationChannels;
}

/** What `User.notificationChannels` holds: the kinds whose choice is not the default. */
export type StoredChoice = Partial<Record<MessageKind, Channel[]>>;

function sameList(a: readonly Channel[], b: readonly Channel[]): boolean {
  return a.length === b.length && a.every((channel) => b.includes(channel));
}

/**
 * The choice to store: only the kinds that differ from the defaults for the phone as it is now, so
 * a kind left as it was takes SMS once the phone is verified (decision 0108's defaults).
 */
export function toStoredChoice(
  channels: NotificationChannels,
  phoneVerified: boolean,
): StoredChoice {
  const stored: StoredChoice = {};
  for (const kind of MESSAGE_KINDS) {
    if (!sameList(channels[kind], defaultChannels(kind, phoneVerified)))
      stored[kind] = channels[kind];
  }
  return stored;
}

/**
 * The choice to store when a master switch (`orderReminders`, `counterReceipts`) is turned on: a
 * kind that would then reach the parent on no channel gets e-mail back. Null: nothing to change.
 */
export function restoredOnSwitch(
  prefs: RecipientPrefs,
  kind: Extract<MessageKind, "reminders" | "counter">,
  offered: readonly Channel[],
): StoredChoice | null {
  const saved = savedChannels(prefs);
  if (saved[kind].some((channel) => canReceive(prefs, channel, offered))) return null;
  return toStoredChoice(
    { ...saved, [kind]: ["email", ...saved[kind].filter((channel) => channel !== "email")] },
    prefs.phoneVerifiedAt !== null,
  );
}
