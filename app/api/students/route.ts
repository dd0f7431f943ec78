import { z } from "zod";
import { parseWith, route } from "@/lib/api/handler";
import { assertAccess, type Access } from "@/lib/api/access";
import { createStudentForParent } from "@/lib/students/admin-students";
import { createStudent, listStudents } from "@/lib/students/students";
import {
  adminStudentSchema,
  createStudentSchema,
  studentListQuerySchema,
} from "@/lib/validations/students";

const STUDENT_ADMIN = { feature: "parents_students" } as const satisfies Access;

// GET /api/students — the caller's students by name; an admin with parents_students names ?parentId=.
export const GET = route(
  { access: "user", query: studentListQuerySchema },
  async ({ school, user, query }) => listStudents(school, user, query.parentId),
);

// POST /api/students — a parent or teacher adds their own ({ name, grade, parent_id }: another
// account's id is 403; an admin's `parentId` field is ignored); an admin with parents_students adds
// one to a parent ({ name, grade, parentId }). The body is read by role, after the feature check,
// so a refused admin learns nothing from validation messages.
export const POST = route({ access: "user", body: z.unknown() }, async ({ school, user, body }) => {
  if (user.role === "admin") {
    assertAccess(STUDENT_ADMIN, user);
    return createStudentForParent(school, user, parseWith(adminStudentSchema, body));
  }
  const input = parseWith(createStudentSchema, body);
  const { parent_id, ...student } = input;
  return createStudent(school, user, { ...student, parentId: parent_id });
});
