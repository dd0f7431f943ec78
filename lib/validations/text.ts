import { z } from "zod/mini";

// Which characters a text field may hold, shared by every schema in lib/validations (issue 22).
// PostgreSQL refuses NUL in text, so a NUL that reached a write or a search was a 500; and no
// name, code or search needs any other control character. A refused text is a 422 with the field's
// message; the spec's own messages for other failures are unchanged.
//
// These are zod/mini checks, which are zod's core checks: classic schemas take them with
// `.check(...)` as readily as the login page's mini schemas, and the login page's bundle does not
// pull in classic zod for them.
//
// Left alone on purpose: passwords, which are hashed, never stored or searched as text (argon2
// takes every byte, NUL included, without truncating), so a password may hold any character; and
// values a stricter format already bounds (e-mails, dates, amounts, codes, page numbers, enums).

/** Names, phones, searches, tokens: no control character (C0, DEL, C1), no lone surrogate. */
export const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;

/**
 * Free text (comments, messages, descriptions): tab and line feed are its only control characters.
 * Carriage returns never reach this test: `freeText` turns CRLF and a lone CR into LF first, so a
 * Windows client's line breaks are kept, stored in one form, and count once against a length limit.
 */
export const MULTI_LINE = /^(?:[^\p{Cc}\p{Cs}]|[\t\n])*$/u;

/**
 * New usernames and people's names, beyond SINGLE_LINE: no format characters (zero-width space
 * and joiners, bidi embeddings, overrides and isolates, direction marks, the BOM, the soft hyphen)
 * and no line or paragraph separators, each a way for one account or child to look like another
 * on screen, or to turn a name around in the console, while the kitchen's labels print "?" for
 * them (issue 43, decision 0068).
 */
export const USERNAME_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]*$/u;
export const PERSON_NAME_CHARACTERS = USERNAME_CHARACTERS;

export const USERNAME_SPACES_MESSAGE = "Username cannot contain spaces";
// An identifier with `@` is looked up as an e-mail and one without as a username: a username that
// holds another account's e-mail address must not exist, or the two lookups could disagree.
export const USERNAME_AT_MESSAGE = "Username cannot contain @";

/** "{label} contains characters that are not allowed" ("contain" after a plural label). */
export const notAllowedMessage = (label: string, verb: "contains" | "contain" = "contains") =>
  `${label} ${verb} characters that are not allowed`;

/** A single-line value's check. */
export const singleLine = (label: string) => z.regex(SINGLE_LINE, notAllowedMessage(label));

/** A person's name (a child, a parent, a teacher, a message's sender): SINGLE_LINE and more. */
export const personName = (label: string) =>
  z.regex(PERSON_NAME_CHARACTERS, notAllowedMessage(label));

/** Free text's checks, in order: line breaks to LF, then no other control character. */
export const freeText = (label: string, verb: "contains" | "contain" = "contains") =>
  [
    z.overwrite((value: string) => value.replace(/\r\n?/g, "\n")),
    z.regex(MULTI_LINE, notAllowedMessage(label, verb)),
  ] as const;

/**
 * A new username's characters (sign-up, admin-created parents and admins). Signing in does not use
 * these: an existing account whose name breaks a newer rule must still be able to sign in.
 */
export const newUsername = () =>
  [
    z.regex(/^\S*$/, USERNAME_SPACES_MESSAGE),
    z.regex(/^[^@]*$/, USERNAME_AT_MESSAGE),
    z.regex(USERNAME_CHARACTERS, notAllowedMessage("Username")),
  ] as const;
