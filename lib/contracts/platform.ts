// The operators' API (issue 45): the platform's own contract, beside the schools' (lib/contracts).
import type { SchoolStatus } from "@/lib/contracts/schools";

export type PlatformOperatorDto = { id: number; username: string };

export type PlatformSchoolDto = {
  id: number;
  slug: string;
  name: string;
  /** The exact host[:port] values it answers on; the default school's first is APP_URL's. */
  hosts: string[];
  timeZone: string;
  currency: string;
  status: SchoolStatus;
  createdAt: string;
  counts: { parents: number; students: number; orders: number };
  /** Whose card provider configuration it pays with (never the credentials themselves). */
  payment: "dpo" | "sandbox" | "environment";
};

export type CreatedSchoolDto = { school: PlatformSchoolDto; admin: { username: "superadmin" } };

export const SLUG_TAKEN = "This slug is already taken by another school.";
export const HOST_TAKEN = "This address is already used by another school.";
export const SCHOOL_NOT_FOUND = "School not found";
export const SANDBOX_NOT_ALLOWED =
  "The payment sandbox is not allowed here (PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION).";
