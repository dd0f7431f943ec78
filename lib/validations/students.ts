import { z } from "zod";
import { GRADES } from "@/lib/contracts";
import { allergenList } from "@/lib/validations/menu";
import { freeText, personName, singleLine } from "@/lib/validations/text";

// Shared by the student forms (zodResolver) and the /api/students handlers. The parent screen's
// messages are spec 000 §5, the admin console's spec 001 §5. `teacher` is not among the grades on
// purpose: the staff record is made only by the conversion to teacher.

export const STUDENT_NAME_MAX = 100;
const MAX_ID = 2_147_483_647;

const studentName = (min: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .check(personName("Name"))
    .min(min, message)
    .max(STUDENT_NAME_MAX, `Name must be at most ${STUDENT_NAME_MAX} characters`);

const id = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const DIETARY_NOTES_MAX = 200;
export const CLASS_NAME_MAX = 20;

/** Trimmed; blank is null; absent stays undefined (an edit that leaves the field alone). */
const optionalText = (text: z.ZodString, max: number, message: string) =>
  text
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() ? v.trim() : null));

/**
 * What the kitchen must know about a student (issue 18), on every student form and call: the
 * allergies (the menu's allergen names), dietary notes and the class within the grade. A call that
 * leaves a field out leaves it unchanged (a new student: none).
 */
export const studentCareFields = {
  allergies: allergenList.optional(),
  dietaryNotes: optionalText(
    z.string().check(...freeText("Dietary notes", "contain")),
    DIETARY_NOTES_MAX,
    `Dietary notes must be at most ${DIETARY_NOTES_MAX} characters`,
  ),
  className: optionalText(
    z.string().check(singleLine("Class")),
    CLASS_NAME_MAX,
    `Class must be at most ${CLASS_NAME_MAX} characters`,
  ),
};
/**
 * Consent to the school keeping a child's allergies and dietary notes (health data, issue 26):
 * true the first time they are recorded; false withdraws it and clears them. Parents and teachers
 * only: the admin's calls do not take it.
 */
export const allergyConsentField = {
  allergyConsent: z.boolean({ error: "Consent must be true or false" }).optional(),
};
export const ALLERGY_CONSENT_REQUIRED =
  "Please agree that the school may keep these allergies and dietary notes";

export const studentCareSchema = z.object({ ...studentCareFields, ...allergyConsentField });
export type StudentCareInput = z.infer<typeof studentCareSchema>;

/** A student as the parent screen edits it: PUT /api/students/{id} and the Students form. */
export const studentSchema = z.object({
  name: studentName(1, "Name is required"),
  grade: z.enum(GRADES, { error: "Please select a grade" }),
  ...studentCareFields,
  ...allergyConsentField,
});
export type StudentInput = z.infer<typeof studentSchema>;

/** POST /api/students from the parent screen: `parent_id` is the caller's own id when given. */
export const createStudentSchema = studentSchema.extend({
  parent_id: id("Invalid parent").nullish(),
});
export type CreateStudentInput = z.infer<typeof createStudentSchema>;

/** POST /api/students from the admin console (Parents & Students): the parent is required. */
export const adminStudentSchema = z.object({
  name: studentName(2, "Name must be at least 2 characters"),
  grade: z.enum(GRADES, { error: "Grade is required" }),
  parentId: id("Please select a parent"),
  ...studentCareFields,
});

/** PUT /api/parents/students/{id}: an admin edits a parent's student. */
export const adminStudentChangeSchema = adminStudentSchema.omit({ parentId: true });
export type AdminStudentChange = z.infer<typeof adminStudentChangeSchema>;
export type AdminStudentInput = z.infer<typeof adminStudentSchema>;

/** GET /api/students: an admin names the parent; a parent or teacher may name only themselves. */
export const studentListQuerySchema = z.object({
  parentId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "Invalid parent")
    .transform(Number)
    .refine((v) => v <= MAX_ID, "Invalid parent")
    .optional(),
});
