// How an SMS or WhatsApp message ended (issue 48, decision 0109): the texts the outbox keeps in a
// row's `lastError`, which the office reads in the Messages section.

/** WhatsApp's error code for a number that has no WhatsApp account. */
export const WHATSAPP_NOT_ON_WHATSAPP_CODE = 131026;

/** A WhatsApp message to a number without WhatsApp (its SMS fallback is queued once). */
export const NOT_ON_WHATSAPP = "Not on WhatsApp";

/** An SMS still waiting when its number replied STOP to the sender ID. */
export const SMS_OPTED_OUT = "The number replied STOP to the sender ID";

/** A WhatsApp row whose template is missing or damaged (a bug where it was queued). */
export const NO_WHATSAPP_TEMPLATE = "No WhatsApp template to send";
