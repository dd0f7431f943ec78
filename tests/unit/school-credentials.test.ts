import { randomBytes } from "node:crypto";
import fc from "fast-check";
import {
  CredentialError,
  decryptCredential,
  encryptCredential,
  needsReencryption,
  parseKeyRing,
  type CredentialKeyRing,
} from "@/lib/schools/credentials";

// A school's DPO credentials at rest (issue 45): only the school and field they were written for
// can read them back, with any key of the ring.

const keyText = (id: string) => `${id}:${randomBytes(32).toString("base64")}`;

describe("school credentials at rest", () => {
  const ring = parseKeyRing(keyText("k1"));

  it("reads back what was written, for any text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.string(), (schoolId, plain) => {
        const stored = encryptCredential(ring, schoolId, "dpo.companyToken", plain);
        expect(decryptCredential(ring, schoolId, "dpo.companyToken", stored)).toBe(plain);
      }),
    );
  });

  it("never stores the value in clear, and two writes of one value differ", () => {
    const a = encryptCredential(ring, 1, "dpo.companyToken", "8D3DA73D-9D7F-4E09");
    const b = encryptCredential(ring, 1, "dpo.companyToken", "8D3DA73D-9D7F-4E09");
    expect(a).not.toContain("8D3DA73D");
    expect(a).not.toBe(b);
  });

  it("refuses a value copied into another school's row", () => {
    const stored = encryptCredential(ring, 1, "dpo.companyToken", "school-one-token");
    expect(() => decryptCredential(ring, 2, "dpo.companyToken", stored)).toThrow(CredentialError);
  });

  it("refuses a value copied into another field", () => {
    const stored = encryptCredential(ring, 1, "dpo.companyToken", "token");
    expect(() => decryptCredential(ring, 1, "dpo.serviceType", stored)).toThrow(CredentialError);
  });

  it("refuses a changed value, and says nothing of it", () => {
    const stored = encryptCredential(ring, 1, "dpo.companyToken", "secret-token");
    const parts = stored.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString("base64url");
    const error = (() => {
      try {
        decryptCredential(ring, 1, "dpo.companyToken", parts.join("."));
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CredentialError);
    expect(error?.message).not.toContain("secret");
  });

  it("rotates: a new first key encrypts, the old one still decrypts until written again", () => {
    const old = parseKeyRing(keyText("k1"));
    const stored = encryptCredential(old, 7, "dpo.companyToken", "token");
    const rotated: CredentialKeyRing = [parseKeyRing(keyText("k2"))[0], old[0]];
    expect(decryptCredential(rotated, 7, "dpo.companyToken", stored)).toBe("token");
    expect(needsReencryption(rotated, stored)).toBe(true);
    const again = encryptCredential(rotated, 7, "dpo.companyToken", "token");
    expect(needsReencryption(rotated, again)).toBe(false);
    // Once the old key is gone, the old value no longer reads.
    expect(() => decryptCredential([rotated[0]], 7, "dpo.companyToken", stored)).toThrow(
      "Credentials key k1 is not configured",
    );
  });

  it("refuses a ring that is malformed", () => {
    expect(() => parseKeyRing("")).toThrow("No credentials key");
    expect(() => parseKeyRing("k1:c2hvcnQ=")).toThrow("must be 32 bytes");
    expect(() => parseKeyRing(randomBytes(32).toString("base64"))).toThrow("id:base64-key");
    const k = randomBytes(32).toString("base64");
    expect(() => parseKeyRing(`a:${k},a:${k}`)).toThrow("share an id");
  });
});
