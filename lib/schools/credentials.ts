import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// A school's provider credentials at rest (issue 45, decision 0074): AES-256-GCM, a fresh 96-bit
// nonce per value, and the school's id and the field's name bound as additional data, so a
// ciphertext copied into another school's row, or into another field, does not decrypt. The key
// ring names each key by an id written into the value: a new key is added first (it encrypts),
// the old ones stay until every value was written again with the new key (rotation).

/** One key of the ring: an id (letters, digits, `-`, `_`) and 32 bytes. */
export type CredentialKey = { id: string; key: Buffer };

/** The ring: the first key encrypts; every key decrypts the values written with it. */
export type CredentialKeyRing = readonly [CredentialKey, ...CredentialKey[]];

const VERSION = "v1";
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class CredentialError extends Error {}

/**
 * Reads a ring from its setting, `id:base64key[,id:base64key…]` (each key 32 bytes), the key
 * that encrypts first.
 */
export function parseKeyRing(text: string): CredentialKeyRing {
  const keys = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): CredentialKey => {
      const colon = part.indexOf(":");
      const id = colon > 0 ? part.slice(0, colon) : "";
      const key = Buffer.from(part.slice(colon + 1), "base64");
      if (!KEY_ID.test(id)) {
        throw new CredentialError("Each credentials key must be written id:base64-key");
      }
      if (key.length !== 32) {
        throw new CredentialError(`Credentials key ${id} must be 32 bytes (base64 of 32 bytes)`);
      }
      return { id, key };
    });
  const [first, ...rest] = keys;
  if (!first) throw new CredentialError("No credentials key");
  if (new Set(keys.map((k) => k.id)).size !== keys.length) {
    throw new CredentialError("Two credentials keys share an id");
  }
  return [first, ...rest];
}

function additionalData(schoolId: number, field: string): Buffer {
  return Buffer.from(`school:${schoolId}|field:${field}`, "utf8");
}

/** The value to store for `plain`, bound to the school and the field. */
export function encryptCredential(
  ring: CredentialKeyRing,
  schoolId: number,
  field: string,
  plain: string,
): string {
  const { id, key } = ring[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(additionalData(schoolId, field));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, id, iv, tag, body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/**
 * The plain value of a stored one. Throws CredentialError for a value that was changed, written
 * for another school or field, or with a key the ring no longer holds; the message never carries
 * the value.
 */
export function decryptCredential(
  ring: CredentialKeyRing,
  schoolId: number,
  field: string,
  stored: string,
): string {
  const [version, keyId, iv, tag, body, extra] = stored.split(".");
  if (version !== VERSION || !keyId || !iv || !tag || body === undefined || extra !== undefined) {
    throw new CredentialError("Not a stored credential");
  }
  const entry = ring.find((k) => k.id === keyId);
  if (!entry) throw new CredentialError(`Credentials key ${keyId} is not configured`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", entry.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(additionalData(schoolId, field));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new CredentialError("The stored credential does not decrypt for this school");
  }
}

/** True when the value was written with a key other than the ring's first (to write again). */
export function needsReencryption(ring: CredentialKeyRing, stored: string): boolean {
  return stored.split(".")[1] !== ring[0].id;
}
