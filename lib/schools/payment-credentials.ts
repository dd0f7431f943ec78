import "server-only";
import { createHmac } from "node:crypto";
import type { Db, Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  decryptCredential,
  encryptCredential,
  parseKeyRing,
  type CredentialKeyRing,
} from "@/lib/schools/credentials";

// A school's own card provider (issue 45, decision 0074): DPO with its own company token and
// service type, or the sandbox where the install allows it. Kept on the school's own row of the
// platform's School table (issue 46: read with the directory of schools, from the copy every Citus
// node holds, not from every school's shard), each secret field encrypted with the school's id
// bound to it; never in an answer, a log or an export. A school without one pays through the
// environment's configuration.

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

/** Stores (or, with null, removes) a school's own provider configuration, on its School row. */
export async function saveSchoolPayment(
  tx: Pick<Tx, "school">,
  schoolId: number,
  payment: SchoolPayment | null,
): Promise<void> {
  await tx.school.update({
    where: { id: schoolId },
    data: { paymentCredentials: payment === null ? Prisma.DbNull : encrypted(schoolId, payment) },
  });
}

function encrypted(schoolId: number, payment: SchoolPayment): Stored {
  if (payment.provider === "sandbox") return { provider: "sandbox" };
  const ring = credentialKeyRing();
  return {
    provider: "dpo",
    companyToken: encryptCredential(ring, schoolId, "companyToken", payment.companyToken),
    serviceType: encryptCredential(ring, schoolId, "serviceType", payment.serviceType),
  };
}

/** The school's own provider configuration, decrypted; undefined when it has none. */
export async function readSchoolPayment(
  db: Pick<Db, "school">,
  schoolId: number,
): Promise<SchoolPayment | undefined> {
  const row = await db.school.findUnique({
    where: { id: schoolId },
    select: { paymentCredentials: true },
  });
  return decryptSchoolPayment(schoolId, row?.paymentCredentials);
}

/** A stored provider configuration (as the School row holds it), decrypted for `schoolId`. */
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
