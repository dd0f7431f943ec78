import { z } from "zod";
import { normalizeHost } from "@/lib/validations/host";

// The operators' requests (issue 45). Hosts are stored as a browser writes them (normalizeHost).

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz.includes("/") || tz === "UTC";
  } catch {
    return false;
  }
};

const host = z
  .string()
  .trim()
  .max(253, "An address is at most 253 characters")
  .transform((value, ctx) => {
    const normal = normalizeHost(value);
    if (!normal) {
      ctx.addIssue({ code: "custom", message: `Not an address: ${value}` });
      return z.NEVER;
    }
    return normal;
  });

const hosts = z
  .array(host, { error: "hosts must be a list of addresses" })
  .min(1, "A school needs at least one address")
  .max(10, "At most 10 addresses")
  .refine((list) => new Set(list).size === list.length, "An address is listed twice");

const name = z
  .string({ error: "name is required" })
  .trim()
  .min(2, "The name must be at least 2 characters")
  .max(80, "The name must be at most 80 characters");

const timeZone = z
  .string()
  .refine(isTimeZone, "The time zone must be an IANA zone such as Africa/Lusaka");

/** A school's own card provider: DPO with its own credentials, or the sandbox. */
const payment = z.discriminatedUnion(
  "provider",
  [
    z.object({
      provider: z.literal("dpo"),
      companyToken: z.string().trim().min(8, "The DPO company token is required").max(200),
      serviceType: z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, "The DPO service type is a number"),
    }),
    z.object({ provider: z.literal("sandbox") }),
  ],
  { error: "payment.provider is dpo or sandbox" },
);

export const platformLoginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export const createSchoolSchema = z.object({
  name,
  slug: z
    .string({ error: "slug is required" })
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/,
      "The slug is lower-case letters, digits and dashes",
    ),
  hosts,
  timeZone: timeZone.default("Africa/Lusaka"),
  adminEmail: z.email({ error: "adminEmail must be an e-mail address" }).max(254),
  adminPassword: z
    .string()
    .min(12, "The password must be at least 12 characters")
    .max(200)
    .optional(),
  payment: payment.optional(),
});
export type CreateSchoolInput = z.infer<typeof createSchoolSchema>;

export const updateSchoolSchema = z
  .object({
    name: name.optional(),
    hosts: hosts.optional(),
    timeZone: timeZone.optional(),
    status: z.enum(["active", "suspended"], { error: "status is active or suspended" }).optional(),
    /** null: back to the environment's configuration. */
    payment: payment.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change");
export type UpdateSchoolInput = z.infer<typeof updateSchoolSchema>;

export const schoolIdParam = z.coerce.number().int().positive().max(2_147_483_647);
