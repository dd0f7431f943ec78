import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { randomInt } from "node:crypto";

// argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 iterations).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hash("not-a-real-password-for-timing");
  await verifyPassword(await dummyHash, password);
}

// No look-alike characters: the temporary password is read from an e-mail and typed on a phone.
const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generatePassword(length = 12): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
