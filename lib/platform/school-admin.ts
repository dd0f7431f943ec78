import "server-only";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { FEATURES, SUPERADMIN_USERNAME } from "@/lib/contracts/permissions";
import { generatePassword, hashPassword } from "@/lib/security/password";
import { hostOfUrl } from "@/lib/schools/hosts";
import { usernameKey } from "@/lib/validations/username";

// A new school's superadmin (issue 45), with every feature, exactly as the spec's. With a password
// from the operator it signs in at once; without one, a temporary password (single use, 24 hours,
// as forgot-password's) is mailed to the school's address, and the account's own password is a
// random one nobody knows until the admin sets theirs.

const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;

type NewSchool = { id: number; name: string };

export async function createSchoolAdmin(
  tx: Tx,
  school: NewSchool,
  adminEmail: string,
  adminPassword: string | undefined,
  firstHost?: string,
): Promise<void> {
  const schoolId = school.id;
  const admin = await tx.user.create({
    data: {
      schoolId,
      username: SUPERADMIN_USERNAME,
      usernameKey: usernameKey(SUPERADMIN_USERNAME),
      passwordHash: await hashPassword(adminPassword ?? generatePassword(32)),
      name: "Super Admin",
      email: adminEmail,
      role: "admin",
      allowedFeatures: [...FEATURES],
    },
    select: { id: true },
  });
  if (adminPassword) return;
  const temporary = generatePassword(12);
  await tx.temporaryPassword.create({
    data: {
      schoolId,
      userId: admin.id,
      passwordHash: await hashPassword(temporary),
      expiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
    },
  });
  const scheme = new URL(env().APP_URL).protocol;
  const address = `${scheme}//${firstHost ?? hostOfUrl(env().APP_URL)}/login`;
  await tx.emailOutbox.create({
    data: {
      schoolId,
      userId: admin.id,
      to: adminEmail,
      erasure: "secret",
      subject: `Your canteen portal for ${school.name} is ready`,
      text:
        `Hello,\n\nThe canteen portal of ${school.name} is ready at ${address}\n\n` +
        `Username: ${SUPERADMIN_USERNAME}\nTemporary password: ${temporary}\n\n` +
        `Log in with it within 24 hours and choose your own password at once in View Profile. ` +
        `If it has expired, use "Forgot password" on the sign-in page with this e-mail address.`,
    },
  });
}
