// Erasing known values wherever a copy of them was kept in free-form JSON (a payment attempt's
// cart, an audit entry's details): every string that contains one of them becomes the replacement,
// and free-text comments go. Pure, so it is tested on its own.

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const FREE_TEXT_KEYS = new Set(["comments"]);

export function scrubText(text: string, erased: readonly string[], replacement: string): string {
  const lower = text.toLowerCase();
  return erased.some((value) => lower.includes(value.toLowerCase())) ? replacement : text;
}

/** Each occurrence of an erased value (any case) replaced, the rest of the text kept. */
export function redactText(text: string, erased: readonly string[], replacement: string): string {
  return [...erased]
    .sort((a, b) => b.length - a.length)
    .reduce(
      (result, value) => result.replace(new RegExp(escapeRegExp(value), "gi"), replacement),
      text,
    );
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function scrubJson<T>(value: T, erased: readonly string[], replacement: string): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return scrubText(node, erased, replacement);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [
          key,
          FREE_TEXT_KEYS.has(key) && typeof child === "string" ? null : walk(child),
        ]),
      );
    }
    return node;
  };
  return walk(value) as T;
}
