import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { ApiRequestError, errorMessage } from "@/lib/client/api";
import { HOST_TAKEN, SLUG_TAKEN } from "@/lib/contracts/platform";
import { fieldErrors } from "./platform-api";

// The school dialogs' fields as typed (the addresses in one text box), checked in the browser
// as far as that is cheap; the server checks everything again and its 422 details are shown under
// the same fields (hosts → "hosts").

export const DEFAULT_TIME_ZONE = "Africa/Lusaka";

/** The addresses of a comma, space or line separated list. */
export function parseHosts(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((host) => host.trim())
    .filter(Boolean);
}

const name = z
  .string()
  .trim()
  .min(2, "The name must be at least 2 characters")
  .max(80, "The name must be at most 80 characters");
const hosts = z
  .string()
  .refine((text) => parseHosts(text).length > 0, "A school needs at least one address");
const timeZone = z.string().trim().min(1, "The time zone is required");

export const schoolFormSchema = z.object({
  name,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/,
      "The slug is lower-case letters, digits and dashes",
    ),
  hosts,
  timeZone,
  adminEmail: z.email("The admin e-mail must be an e-mail address"),
  adminPassword: z
    .string()
    .refine((p) => p === "" || p.length >= 12, "The password must be at least 12 characters"),
});
export type SchoolFormValues = z.input<typeof schoolFormSchema>;

export const editSchoolSchema = z.object({ name, hosts, timeZone });
export type EditSchoolValues = z.input<typeof editSchoolSchema>;

/**
 * Shows a refused save in the form: a 422's details under their fields (the first message of
 * each), a 409 under the slug or the addresses it is about, anything else above the buttons.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const root = "root.server" as Path<T>;
  if (error instanceof ApiRequestError && error.status === 409) {
    const message = errorMessage(error, "Already taken");
    const field =
      message === SLUG_TAKEN ? "slug" : message === HOST_TAKEN ? "hosts" : "root.server";
    const target = fields.includes(field as Path<T>) ? (field as Path<T>) : root;
    setError(target, { type: "server", message }, { shouldFocus: target !== root });
    return;
  }
  const details = Object.entries(fieldErrors(error)).filter(
    ([field, messages]) => fields.includes(field as Path<T>) && messages.length > 0,
  );
  for (const [field, messages] of details) {
    setError(field as Path<T>, { type: "server", message: messages[0] });
  }
  if (details.length === 0) {
    setError(root, { type: "server", message: errorMessage(error, "Failed to save the school") });
  }
}
