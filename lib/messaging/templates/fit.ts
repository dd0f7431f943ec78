import { SMS_MAX_LENGTH } from "@/lib/contracts/notifications";
import { formatNgwee } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";
import { fitsOneSms, gsm7Length, shorten, toGsm7 } from "@/lib/messaging/gsm7";

// What every SMS template shares (issue 48, decision 0111): the amounts and days as the product
// writes them, and the fitting of the free parts (the school's and children's names, a reason, a
// list of items) into one 160-character GSM-7 message. The facts a parent acts on (the amount, the
// day, the cut-off) are the fixed words of each template and are never shortened; the free parts
// give way in the order the template lists them.

/** "K1,234.50": the product's amount (lib/money.ts) without the space, for a short message. */
export function smsAmount(ngwee: number): string {
  return formatNgwee(ngwee).replace(/\s/g, "");
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "Tue 24 Nov" for a calendar date YYYY-MM-DD (read as a calendar date, no zone can shift it). */
export function smsDay(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** One day ("Tue 24 Nov"), two ("Tue 24 Nov, Thu 26 Nov") or the span ("Mon 23 Nov to Fri 27 Nov"). */
export function smsDays(isoDates: readonly string[]): string {
  const days = [...new Set(isoDates)].sort();
  if (days.length <= 2) return days.map(smsDay).join(", ");
  return `${smsDay(days[0]!)} to ${smsDay(days.at(-1)!)}`;
}

/** "1 lunch", "3 lunches". */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The option of `childrenOptions` that names several children by their first names. */
export const FIRST_NAMES = 1;

/**
 * The children as a part of a message: one child's name (which may shorten, "Chilufya K."), or for
 * several their names, their first names, then their count ("3 children", which stays whole).
 */
export function childrenPart(names: readonly string[]): Part {
  const options = childrenOptions(names);
  return { options, shrink: options.length === 1 ? "name" : "fixed" };
}

/**
 * The ways to name children, fullest first: "Chilufya and Mwila", their first names, "3 children".
 * Names are sorted so a message reads the same however the orders were listed.
 */
export function childrenOptions(names: readonly string[]): string[] {
  const unique = [...new Set(names.map((name) => name.trim()))].sort((a, b) => a.localeCompare(b));
  if (unique.length === 0) return ["your child"];
  if (unique.length === 1) return [unique[0]!];
  const join = (list: string[]) => `${list.slice(0, -1).join(", ")} and ${list.at(-1)!}`;
  const firstNames = unique.map((name) => name.split(/\s+/)[0]!);
  return [join(unique), join(firstNames), `${unique.length} children`];
}

/**
 * A free part of a message: the texts it may take, fullest first ("Chilufya Mwansa and Mwila
 * Banda", "Chilufya and Mwila", "2 children"), and how its last text shrinks further: `name` (a
 * person) keeps the first word and the last one's initial, then cuts; `title` (a school) drops its
 * last words; `words` (free text) is cut at a word with "...", or dropped; `fixed` stays whole.
 */
export type Part = {
  options: readonly string[];
  shrink: "name" | "title" | "words" | "fixed";
};

/**
 * One step of the fitting: part `part` gives way until the message fits: to its next texts (up to
 * option `upToOption` when given), then, at its last text, by its mode but never below `min`
 * characters (`words` is dropped rather than kept shorter). A part may take several steps, with
 * other parts' steps between them: a school's name first loses its tail, then the children's
 * names shorten, and only then does the school's name get shorter still.
 */
export type Step = readonly [part: number, min: number, upToOption?: number];

/** `text` cut at a word to at most `max` characters with "..." ("" when nothing fits). */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 4) return "";
  const room = text.slice(0, max - 3);
  const cut = room.lastIndexOf(" ");
  const kept = (cut > 0 ? room.slice(0, cut) : room).replace(/[\s,.;:!?-]+$/, "");
  return kept === "" ? "" : `${kept}...`;
}

/**
 * One SMS: `build` given the parts' texts, the parts giving way step by step (`steps`, in order)
 * until the message fits 160 GSM-7 characters. The parts are made GSM-7 first (accents outside it
 * dropped), so one stray character never turns the message into a 70-character one. Returns the
 * fullest text that fits; a template whose fixed words alone do not fit is a bug its test catches
 * (notify refuses to send it rather than split it).
 */
export function fitSms(
  build: (texts: string[]) => string,
  parts: readonly Part[],
  steps: readonly Step[],
): string {
  const options = parts.map((part) =>
    part.options.map((option) => toGsm7(option).trim().replace(/\s+/g, " ")),
  );
  const chosen = options.map(() => 0);
  const texts = options.map((list) => list[0] ?? "");
  const render = () => build(texts);
  for (const [n, min, upTo] of steps) {
    const list = options[n]!;
    const last = Math.min(upTo ?? list.length - 1, list.length - 1);
    let text = render();
    while (!fitsOneSms(text)) {
      if (chosen[n]! < last) {
        chosen[n]! += 1;
        texts[n] = list[chosen[n]!]!;
      } else if (chosen[n]! < list.length - 1) {
        break;
      } else {
        const over = (gsm7Length(text) ?? text.length) - SMS_MAX_LENGTH;
        const shorter = shrink(parts[n]!.shrink, texts[n]!, over, min);
        if (shorter === texts[n]) break;
        texts[n] = shorter;
      }
      text = render();
    }
    if (fitsOneSms(text)) return text;
  }
  return render();
}

/** Words a title does not end on once its tail is dropped ("Canteen and"). */
const DANGLING = /(?:[\s,.;:!?&-]|\b(?:and|of|the|for|at|in))+$/i;

/** One part's text about `over` characters shorter, never below `min`, or as it was. */
function shrink(mode: Part["shrink"], text: string, over: number, min: number): string {
  const target = text.length - Math.max(over, 1);
  switch (mode) {
    case "fixed":
      return text;
    case "name":
      return text.length <= min ? text : shorten(text, Math.max(min, target, 1));
    case "title": {
      // One word at a time: the message is rendered again after each.
      const words = text.split(" ");
      if (words.length > 1) {
        const fewer = words.slice(0, -1).join(" ").replace(DANGLING, "");
        return fewer.length >= min ? fewer : text;
      }
      return text.length > min ? text.slice(0, Math.max(min, target)) : text;
    }
    case "words": {
      const clipped = target > 0 ? clipWords(text, target) : "";
      return clipped.length >= min ? clipped : "";
    }
  }
}

/**
 * A WhatsApp template's body parameters: whole (WhatsApp has room), but on one line without runs of
 * spaces, and never empty (the Cloud API refuses both).
 */
export function whatsappParams(params: readonly string[]): string[] {
  return params.map((param) => param.replace(/\s+/g, " ").trim() || "-");
}

/**
 * How short the names may get: a school's name first loses words down to `SCHOOL_SOFT` characters
 * (whole words), the children's names down to `CHILD_MIN`, and then the school's to `SCHOOL_MIN`.
 */
export const SCHOOL_SOFT = 24;
export const SCHOOL_MIN = 8;
export const CHILD_MIN = 8;

/** "Name: " before a message, or nothing when the name is empty. */
export const prefix = (name: string) => (name === "" ? "" : `${name}: `);
