import "server-only";
import { forbidden, unauthorized } from "@/lib/api/errors";
import { hasFeature, type Feature, type Role } from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/auth/session";

// Who may call what. `proxy.ts` only routes coarsely; these checks run in every handler.
// "provider": a provider's callback (SMS and WhatsApp delivery reports, issue 48), answered on any
// host without a school or a session; the handler proves the caller itself (a secret in the path,
// a signature over the body).
export type Access =
  "public" | "provider" | "user" | { roles: readonly Role[] } | { feature: Feature };

export function assertAccess(access: Access, user: SessionUser | null): void {
  if (access === "public" || access === "provider") return;
  if (!user) throw unauthorized();
  if (access === "user") return;
  if ("roles" in access && !access.roles.includes(user.role)) throw forbidden();
  if ("feature" in access && !hasFeature(user, access.feature)) throw forbidden();
}

export const PARENT_OR_TEACHER = { roles: ["parent", "teacher"] } as const satisfies Access;
export const ADMIN = { roles: ["admin"] } as const satisfies Access;
