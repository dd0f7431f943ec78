import { describe, expect, it } from "@jest/globals";
import { z } from "zod";
import { z as mini } from "zod/mini";
import {
  freeText,
  MULTI_LINE,
  newUsername,
  PERSON_NAME_CHARACTERS,
  personName,
  SINGLE_LINE,
  singleLine,
  USERNAME_CHARACTERS,
} from "@/lib/validations/text";

// The characters lib/validations/text.ts lets into stored and searched text (issue 22). NUL is the
// one PostgreSQL refuses (a 500 before); the rest are refused because no field needs them.

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const DEL_AND_C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));
const FORMAT = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u200e", "\u202e", "\u2066", "\ufeff"];
const SEPARATORS = ["\u2028", "\u2029"];
const LONE_SURROGATES = ["\ud800", "\udfff", "a\ud83d", "\ude00b"];
const ORDINARY = [
  "",
  "Chanda Mwila",
  "Zoë O'Neil-Banda",
  "中文名字",
  "🍲 nshima",
  "👩‍👩‍👧",
  "a\u00a0b",
];

const show = (text: string) => JSON.stringify(text);

describe("SINGLE_LINE", () => {
  it.each([...C0, ...DEL_AND_C1].map((c) => [show(c), c]))("refuses %s", (_, c) => {
    expect(SINGLE_LINE.test(`ab${c}cd`)).toBe(false);
  });

  it.each(LONE_SURROGATES.map((c) => [show(c), c]))("refuses the lone surrogate in %s", (_, c) => {
    expect(SINGLE_LINE.test(c)).toBe(false);
  });

  it.each([...ORDINARY, ...FORMAT].map((c) => [show(c), c]))("accepts %s", (_, text) => {
    expect(SINGLE_LINE.test(text)).toBe(true);
  });
});

describe("MULTI_LINE", () => {
  it("accepts tab and line feed, and nothing else of C0, DEL or C1", () => {
    const accepted = [...C0, ...DEL_AND_C1].filter((c) => MULTI_LINE.test(`a${c}b`));
    expect(accepted).toEqual(["\t", "\n"]);
  });

  it.each(LONE_SURROGATES.map((c) => [show(c), c]))("refuses the lone surrogate in %s", (_, c) => {
    expect(MULTI_LINE.test(c)).toBe(false);
  });

  it("accepts ordinary text over several lines", () => {
    expect(MULTI_LINE.test(`${ORDINARY.join("\n")}\n\tend`)).toBe(true);
  });
});

describe("USERNAME_CHARACTERS", () => {
  it.each(
    [...C0, ...DEL_AND_C1, ...FORMAT, ...SEPARATORS, ...LONE_SURROGATES].map((c) => [show(c), c]),
  )("refuses %s", (_, c) => {
    expect(USERNAME_CHARACTERS.test(`demo${c}.parent`)).toBe(false);
  });

  it.each(["demo.parent", "mwila_2", "zoë", "中文"])("accepts %s", (name) => {
    expect(USERNAME_CHARACTERS.test(name)).toBe(true);
  });
});

// Issue 43: people's names refuse what usernames refuse (decision 0068).
describe("PERSON_NAME_CHARACTERS", () => {
  it.each(
    [...C0, ...DEL_AND_C1, ...FORMAT, ...SEPARATORS, ...LONE_SURROGATES].map((c) => [show(c), c]),
  )("refuses %s", (_, c) => {
    expect(PERSON_NAME_CHARACTERS.test(`Chanda${c} Mwila`)).toBe(false);
  });

  it.each(["Chanda Mwila", "Zoë O'Neil-Banda", "中文名字", "a\u00a0b", "Нина Ли"])(
    "accepts %s",
    (name) => {
      expect(PERSON_NAME_CHARACTERS.test(name)).toBe(true);
    },
  );

  it("is a 422 message naming the field", () => {
    const name = z.string().trim().check(personName("Name"));
    expect(name.safeParse("Chanda \u202eagnoM").error?.issues[0]?.message).toBe(
      "Name contains characters that are not allowed",
    );
  });
});

describe("the checks in classic and mini schemas", () => {
  const name = z.string().trim().check(singleLine("Name")).min(1, "Name is required");
  const comment = z
    .string()
    .check(...freeText("Comment"))
    .max(5);
  const username = mini.string().check(...newUsername());

  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? "");

  it("refuses with the field's message and keeps the other messages", () => {
    expect(messageOf(name.safeParse("Chanda\u0000"))).toBe(
      "Name contains characters that are not allowed",
    );
    expect(messageOf(name.safeParse("  "))).toBe("Name is required");
    expect(name.parse("  Chanda  ")).toBe("Chanda");
  });

  it("turns CRLF and a lone CR into LF before the length is counted", () => {
    expect(comment.parse("a\r\nb\rc")).toBe("a\nb\nc");
    expect(comment.safeParse("ab\r\ncd").success).toBe(true);
    expect(messageOf(comment.safeParse("a\u0000"))).toBe(
      "Comment contains characters that are not allowed",
    );
  });

  it("refuses `@`, spaces and invisible characters in a new username", () => {
    expect(messageOf(username.safeParse("demo@example.com"))).toBe("Username cannot contain @");
    expect(messageOf(username.safeParse("demo parent"))).toBe("Username cannot contain spaces");
    expect(messageOf(username.safeParse("de\u200bmo.parent"))).toBe(
      "Username contains characters that are not allowed",
    );
    expect(messageOf(username.safeParse("demo\u202e.parent"))).toBe(
      "Username contains characters that are not allowed",
    );
    expect(username.parse("demo.parent2")).toBe("demo.parent2");
  });
});
