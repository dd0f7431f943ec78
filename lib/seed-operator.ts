import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { generatePassword, hashPassword } from "@/lib/security/password";

// The platform's first operator (issue 45), made on first start the way the default school's
// superadmin is: SEED_PLATFORM_PASSWORD, or a generated password written to .data/platform-password.

export const OPERATOR_USERNAME = "operator";

export async function seedOperator(db: PrismaClient): Promise<void> {
  if (
    await db.operator.findUnique({ where: { username: OPERATOR_USERNAME }, select: { id: true } })
  ) {
    return;
  }
  const given = env().SEED_PLATFORM_PASSWORD;
  const password = given ?? generatePassword(20);
  const created = await db.operator.createMany({
    data: { username: OPERATOR_USERNAME, passwordHash: await hashPassword(password) },
    skipDuplicates: true,
  });
  if (created.count > 0 && !given) {
    const file = passwordFile();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    log.warn(
      { file },
      `created the platform's "${OPERATOR_USERNAME}" with a generated password, written to the file; sign in at /platform, and delete the file (or set SEED_PLATFORM_PASSWORD before the first start)`,
    );
  }
}

function passwordFile(): string {
  const dataDir = env().PGLITE_DATA_DIR;
  const base = dataDir.startsWith("memory://") ? ".data" : path.dirname(path.resolve(dataDir));
  return path.resolve(base, "platform-password");
}
