import { z } from "zod";
import { FEATURES } from "@/lib/contracts/permissions";
import { PASSWORD_MAX } from "@/lib/validations/login";
import { newUsername, personName, singleLine } from "@/lib/validations/text";

// Admin Users and Parents & Students (spec 001 §5): shared by the console's forms (zodResolver)
// and the route handlers. The messages are the spec's.

export const PEOPLE_PASSWORD_MIN = 6;
export const PARENT_SEARCH_MIN = 3;
const USERNAME_MAX = 64;

export const SEARCH_HINT = "Please enter at least 3 characters to search";
export const PASSWORD_MESSAGE = "Password must be at least 6 characters";
export const OPTIONAL_PASSWORD_MESSAGE = "Password must be at least 6 characters when provided";
export const PASSWORD_REQUIRED_MESSAGE = "Password is required when creating a new parent";
export const EMAIL_MESSAGE = "Please enter a valid email address";

/** Registration's rules: trimmed; no spaces, `@` or invisible characters; unique regardless of case. */
const username = z
  .string({ error: "Username must be at least 3 characters" })
  .trim()
  .check(...newUsername())
  .min(3, "Username must be at least 3 characters")
  .max(USERNAME_MAX, "Username is too long");

const password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(PEOPLE_PASSWORD_MIN, PASSWORD_MESSAGE)
  .max(PASSWORD_MAX, "Password is too long");

const features = z
  .array(z.enum(FEATURES, { error: "Unknown feature" }), { error: "Features must be a list" })
  .max(FEATURES.length * 2, "Too many features")
  // One entry per feature, in the spec's order, whatever order the caller sent.
  .transform((list) => FEATURES.filter((feature) => list.includes(feature)));

/** POST /api/admin-users and the Create Admin User form. */
export const adminUserSchema = z.object({
  username,
  password,
  allowedFeatures: features.default([]),
});
export type AdminUserInput = z.input<typeof adminUserSchema>;
export type AdminUserValues = z.output<typeof adminUserSchema>;

/** PUT /api/admin-users/{id}/permissions: the full list that replaces the admin's. */
export const permissionsSchema = z.object({ features });
export type PermissionsValues = z.output<typeof permissionsSchema>;

/** PUT /api/users/{id}/password and the Change Password dialog. */
export const passwordChangeSchema = z.object({ password });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** The Parents & Students filter (issue 44): the spec's parents, or the teachers. */
export const PARENTS_ROLES = ["parent", "teacher"] as const;
export type ParentsRole = (typeof PARENTS_ROLES)[number];

/**
 * GET /api/parents?page&search&role: a blank search lists everyone; a short one is refused. `role`
 * is `parent` (the default, the spec's list) or `teacher`.
 */
export const parentsQuerySchema = z.object({
  role: z.enum(PARENTS_ROLES, { error: "Invalid role" }).optional().default("parent"),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "Invalid page")
    .transform(Number)
    .optional()
    .default(1),
  search: z
    .string()
    .check(singleLine("Search"))
    .max(100, "Search is too long")
    .transform((v) => v.trim())
    .refine((v) => v === "" || v.length >= PARENT_SEARCH_MIN, SEARCH_HINT)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ParentsQuery = z.output<typeof parentsQuerySchema>;

const optionalLine = (label: string, max: number, message: string, characters = singleLine) =>
  z
    .string()
    .trim()
    .check(characters(label))
    .max(max, message)
    .nullish()
    .transform((v) => v ?? "");

export const EMAIL_FORMAT = z.email();
const email = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .refine((v) => v === "" || EMAIL_FORMAT.safeParse(v).success, EMAIL_MESSAGE)
  .nullish()
  .transform((v) => v ?? "");

/** The parent dialog's fields: blank name, e-mail and phone are allowed. */
const parentFields = {
  username,
  name: optionalLine("Name", 120, "Name is too long", personName),
  email,
  phone: optionalLine("Phone number", 30, "Phone number is too long"),
};

/** POST /api/parents: the password is required. */
export const newParentSchema = z.object({
  ...parentFields,
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .min(1, PASSWORD_REQUIRED_MESSAGE)
    .min(PEOPLE_PASSWORD_MIN, PASSWORD_MESSAGE)
    .max(PASSWORD_MAX, "Password is too long"),
});

/** PUT /api/parents/{id}: a blank password keeps the current one. */
export const parentChangeSchema = z.object({
  ...parentFields,
  password: z
    .string({ error: OPTIONAL_PASSWORD_MESSAGE })
    .max(PASSWORD_MAX, "Password is too long")
    .refine((v) => v === "" || v.length >= PEOPLE_PASSWORD_MIN, OPTIONAL_PASSWORD_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});

export type NewParentInput = z.input<typeof newParentSchema>;
export type NewParentValues = z.output<typeof newParentSchema>;
export type ParentChangeInput = z.input<typeof parentChangeSchema>;
export type ParentChangeValues = z.output<typeof parentChangeSchema>;

/** `?force=true` on the two deletions; anything else is a normal delete. */
export const forceQuerySchema = z.object({
  force: z
    .string()
    .optional()
    .transform((v) => v === "true"),
});
