import { SMS_MAX_LENGTH } from "@/lib/contracts/notifications";

// GSM 03.38 (issue 48): an SMS of GSM-7 characters holds 160 of them, the extension table's
// characters count twice (an escape and the character), and one character outside both makes the
// whole message UCS-2, 70 characters. The portal's SMS are worded to fit one GSM-7 message.

const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const EXTENSION = "^{}\\[~]|€\f";

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** The message's length in GSM-7 septets, or null when a character is outside GSM-7. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (basic.has(char)) length += 1;
    else if (extension.has(char)) length += 2;
    else return null;
  }
  return length;
}

/** True when the text is one SMS: GSM-7 only and at most 160 septets. */
export function fitsOneSms(text: string): boolean {
  const length = gsm7Length(text);
  return length !== null && length <= SMS_MAX_LENGTH;
}

/**
 * A name or other free text made GSM-7: letters with accents outside GSM-7 lose them (ž → z),
 * typographic quotes and dashes become plain ones, anything else left outside becomes "?".
 */
export function toGsm7(text: string): string {
  const plain = text
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[–—−]/g, "-")
    .replace(/…/g, "...")
    .replace(/\u00a0/g, " ");
  let out = "";
  for (const char of plain) {
    if (basic.has(char) || extension.has(char)) {
      out += char;
      continue;
    }
    const stripped = char.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    out += [...stripped].every((c) => basic.has(c)) && stripped !== "" ? stripped : "?";
  }
  return out;
}

/**
 * A name or title made GSM-7 and at most `max` characters, for a template that must fit: the first
 * word and the last word's initial when they fit ("Natasha Mwansa-Chilufya" → "Natasha M."), else
 * cut with a full stop.
 */
export function shorten(text: string, max: number): string {
  const clean = toGsm7(text).trim().replace(/\s+/g, " ");
  if (clean.length <= max) return clean;
  const words = clean.split(" ");
  const first = words[0]!;
  const last = words.at(-1)!;
  if (words.length > 1 && first.length + 3 <= max) return `${first} ${last[0]}.`;
  return `${clean.slice(0, Math.max(1, max - 1))}.`;
}
