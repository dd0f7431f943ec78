import "server-only";
import { createHmac } from "node:crypto";
import type { Db, Tx } from "@/lib/db";
import { env } from "@/lib/env";
import {
  decryptCredential,
  encryptCredential,
  parseKeyRing,
  type CredentialKeyRing,
} from "@/lib/schools/credentials";

// A school's own card provider (issue 45, decision 0074): DPO with its own company token and
// service type, or the sandbox where the install allows it. Kept in the school's Setting row
// "payment-credentials", each secret field encrypted with the school's id bound to it; never in an
// answer, a log or an export. A school without one pays through the environment's configuration.

export const PAYMENT_CREDENTIALS_KEY = "payment-credentials";

export type SchoolPayment =
  { provider: "dpo"; companyToken: string; serviceType: string } | { provider: "sandbox" };

type Stored =
  { provider: "dpo"; companyToken: string; serviceType: string } | { provider: "sandbox" };

/** SCHOOL_CREDENTIALS_KEYS, or one key derived from SESSION_SECRET (shared by every instance). */
export function credentialKeyRing(): CredentialKeyRing {
  const configured = env().SCHOOL_CREDENTIALS_KEYS;
  if (configured) return parseKeyRing(configured);
  const key = createHmac("sha256", env().SESSION_SECRET).update("school-credentials/v1").digest();
  return [{ id: "session", key }];
}

/** Stores (or, with null, removes) a school's own provider configuration. */
export async function saveSchoolPayment(
  tx: Pick<Tx, "setting">,
  schoolId: number,
  payment: SchoolPayment | null,
): Promise<void> {
  const where = { schoolId_key: { schoolId, key: PAYMENT_CREDENTIALS_KEY } };
  if (payment === null) {
    await tx.setting.deleteMany({ where: { schoolId, key: PAYMENT_CREDENTIALS_KEY } });
    return;
  }
  const ring = credentialKeyRing();
  const value: Stored =
    payment.provider === "sandbox"
      ? { provider: "sandbox" }
      : {
          provider: "dpo",
          companyToken: encryptCredential(ring, schoolId, "companyToken", payment.companyToken),
          serviceType: encryptCredential(ring, schoolId, "serviceType", payment.serviceType),
        };
  await tx.setting.upsert({
    where,
    create: { schoolId, key: PAYMENT_CREDENTIALS_KEY, value },
    update: { value },
  });
}

/** The school's own provider configuration, decrypted; undefined when it has none. */
export async function readSchoolPayment(
  db: Db,
  schoolId: number,
): Promise<SchoolPayment | undefined> {
  const row = await db.setting.findUnique({
    where: { schoolId_key: { schoolId, key: PAYMENT_CREDENTIALS_KEY } },
    select: { value: true },
  });
  return decryptSchoolPayment(schoolId, row?.value);
}

/** A stored provider configuration (as the Setting row holds it), decrypted for `schoolId`. */
export function decryptSchoolPayment(schoolId: number, stored: unknown): SchoolPayment | undefined {
  const value = stored as Stored | undefined | null;
  if (!value) return undefined;
  if (value.provider === "sandbox") return { provider: "sandbox" };
  const ring = credentialKeyRing();
  return {
    provider: "dpo",
    companyToken: decryptCredential(ring, schoolId, "companyToken", value.companyToken),
    serviceType: decryptCredential(ring, schoolId, "serviceType", value.serviceType),
  };
}

/** Which provider a school uses, for the operator's list (never the secrets themselves). */
export function paymentSummary(value: unknown): "dpo" | "sandbox" | "environment" {
  const provider = (value as Stored | undefined)?.provider;
  return provider === "dpo" || provider === "sandbox" ? provider : "environment";
}
