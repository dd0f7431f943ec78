import "server-only";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import { hashPassword } from "@/lib/security/password";
import {
  FEATURES,
  hasFeature,
  isSuperadmin,
  type Feature,
  type Role,
} from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/auth/session";
import type { AdminUserDto } from "@/lib/contracts/people";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import { normalizeUsername, usernameKey } from "@/lib/validations/username";
import type { AdminUserValues } from "@/lib/validations/people";

// Admin Users (spec 001 §2, §6): the list of admins, creating one, and replacing an admin's
// feature list. The superadmin holds every feature and may grant or revoke any; another admin
// with the admins feature may grant or revoke only features they hold themselves, never their own
// list and never the superadmin's.

export const USERNAME_TAKEN = "Username already exists";
export const USER_NOT_FOUND = "User not found";
export const OWN_PERMISSIONS =
  "You cannot modify your own permissions. Contact another admin for permission changes.";
export const SUPERADMIN_PERMISSIONS = "The superadmin's permissions cannot be changed";
export const FEATURES_NOT_HELD = "You can only grant or remove features you have yourself";

type AdminRow = { id: number; username: string; role: Role; allowedFeatures: string[] };

const adminSelect = { id: true, username: true, role: true, allowedFeatures: true } as const;

/** The features as the console shows them: the superadmin's are all; unknown keys are dropped. */
function effectiveFeatures(row: AdminRow): Feature[] {
  if (isSuperadmin(row)) return [...FEATURES];
  return FEATURES.filter((feature) => row.allowedFeatures.includes(feature));
}

function toAdminUserDto(row: AdminRow): AdminUserDto {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    allowedFeatures: effectiveFeatures(row),
  };
}

/** Features in `features` that the actor does not hold (none for the superadmin). */
function featuresNotHeld(actor: SessionUser, features: readonly Feature[]): Feature[] {
  return features.filter((feature) => !hasFeature(actor, feature));
}

/** Every admin of the school by username. */
export async function listAdminUsers(school: SchoolContext): Promise<AdminUserDto[]> {
  const db = await schoolDb(school.id);
  const rows = await db.user.findMany({
    where: { schoolId: school.id, role: "admin", deletedAt: null },
    select: adminSelect,
    orderBy: [{ usernameKey: "asc" }, { id: "asc" }],
  });
  return rows.map(toAdminUserDto);
}

/** Creates an admin. A non-superadmin may grant only the features they hold (403 otherwise). */
export async function createAdminUser(
  school: SchoolContext,
  actor: SessionUser,
  input: AdminUserValues,
): Promise<AdminUserDto> {
  if (featuresNotHeld(actor, input.allowedFeatures).length > 0) throw forbidden(FEATURES_NOT_HELD);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const username = normalizeUsername(input.username);
  const key = usernameKey(username);
  const taken = await db.user.findUnique({
    where: { schoolId_usernameKey: { schoolId, usernameKey: key } },
    select: { id: true },
  });
  if (taken) throw conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.user.create({
        data: {
          schoolId,
          username,
          usernameKey: key,
          passwordHash,
          // An admin has no separate display name: the console shows the username.
          name: username,
          role: "admin",
          allowedFeatures: input.allowedFeatures,
        },
        select: adminSelect,
      });
      await audit(school, tx, actor, {
        action: "admin-user.create",
        entity: "User",
        entityId: row.id,
        after: { username: row.username, role: row.role, allowedFeatures: row.allowedFeatures },
      });
      return toAdminUserDto(row);
    });
  } catch (error) {
    // Two creations racing for one name: the unique (schoolId, usernameKey) decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}

/**
 * Replaces an admin's feature list with `features`. Refused (403) for the actor's own list, for
 * the superadmin's, and, for a non-superadmin, when any feature outside their own set would be
 * added or removed. Unknown ids and non-admins are 404. The row is locked while deciding, so two
 * concurrent changes apply one after the other, each checked against what the other left.
 */
export async function updateAdminPermissions(
  school: SchoolContext,
  actor: SessionUser,
  id: number | null,
  features: Feature[],
): Promise<AdminUserDto> {
  if (id === null) throw notFound(USER_NOT_FOUND);
  if (id === actor.id) throw forbidden(OWN_PERMISSIONS);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<AdminRow[]>`
      SELECT "id", "username", "role"::text AS "role", "allowedFeatures" FROM "User"
      WHERE "schoolId" = ${schoolId} AND "id" = ${id} AND "role" = 'admin' AND "deletedAt" IS NULL FOR UPDATE`;
    const target = rows[0];
    if (!target) throw notFound(USER_NOT_FOUND);
    if (isSuperadmin(target)) throw forbidden(SUPERADMIN_PERMISSIONS);
    const before = effectiveFeatures(target);
    if (!isSuperadmin(actor)) {
      const changed = FEATURES.filter((f) => before.includes(f) !== features.includes(f));
      if (featuresNotHeld(actor, changed).length > 0) throw forbidden(FEATURES_NOT_HELD);
    }
    const row = await tx.user.update({
      where: idKey(schoolId, target.id),
      data: { allowedFeatures: features },
      select: adminSelect,
    });
    await audit(school, tx, actor, {
      action: "admin-user.permissions",
      entity: "User",
      entityId: row.id,
      before: { username: target.username, allowedFeatures: before },
      after: { username: row.username, allowedFeatures: effectiveFeatures(row) },
    });
    return toAdminUserDto(row);
  });
}
