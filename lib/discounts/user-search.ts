import "server-only";
import { USER_SEARCH_LIMIT, type UserSearchResultDto } from "@/lib/contracts/settings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";

/**
 * The discount form's user picker: parents and teachers whose username, name or e-mail contains
 * the text (any case), by username, at most 20. Admins never get codes, so they are not offered.
 */
export async function searchCodeHolders(
  school: Pick<SchoolContext, "id">,
  text: string,
): Promise<UserSearchResultDto[]> {
  const db = await schoolDb(school.id);
  const contains = { contains: text, mode: "insensitive" } as const;
  return db.user.findMany({
    where: {
      schoolId: school.id,
      role: { in: ["parent", "teacher"] },
      deletedAt: null,
      OR: [{ username: contains }, { name: contains }, { email: contains }],
    },
    select: { id: true, username: true },
    orderBy: [{ usernameKey: "asc" }, { id: "asc" }],
    take: USER_SEARCH_LIMIT,
  });
}
