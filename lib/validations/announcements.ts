import { z } from "zod";
import { GRADES, type Grade } from "@/lib/contracts";
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_SMS_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  AUDIENCE_KINDS,
  type AnnouncementAudience,
  type AudienceKind,
} from "@/lib/contracts/announcements";
import { parseIsoDate } from "@/lib/school-calendar";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";
import { freeText, notAllowedMessage, SINGLE_LINE } from "@/lib/validations/text";

// The school's announcements (issue 48, decision 0112): the office's form and POST
// /api/announcements share one schema; the preview and the lists read their query here. Whether
// the SMS fits one message is the domain's check (lib/announcements), which knows the school's name.

export const TITLE_REQUIRED = "Please enter a title";
export const BODY_REQUIRED = "Please write the message";
export const AUDIENCE_REQUIRED = "Choose who receives the announcement";
export const GRADE_REQUIRED = "Choose a grade";
export const DATE_REQUIRED = "Choose the day (YYYY-MM-DD)";

const isGrade = (value: unknown): value is Grade =>
  typeof value === "string" && (GRADES as readonly string[]).includes(value);

/** The audience from its kind and the one detail that kind needs, or an issue at that detail. */
function audienceOf(
  value: { kind: AudienceKind; grade?: string | undefined; date?: string | undefined },
  ctx: z.RefinementCtx,
  paths: { grade: string; date: string },
): AnnouncementAudience {
  if (value.kind === "grade") {
    if (isGrade(value.grade)) return { kind: "grade", grade: value.grade };
    ctx.addIssue({ code: "custom", message: GRADE_REQUIRED, path: [paths.grade] });
    return z.NEVER;
  }
  if (value.kind === "orderedOn") {
    const date = value.date?.trim() ?? "";
    if (parseIsoDate(date)) return { kind: "orderedOn", date };
    ctx.addIssue({ code: "custom", message: DATE_REQUIRED, path: [paths.date] });
    return z.NEVER;
  }
  return { kind: "everyone" };
}

const kindSchema = z.enum(AUDIENCE_KINDS, AUDIENCE_REQUIRED);
const detail = z.string().optional();

/** The form's and the body's `audience`: `{ kind, grade?, date? }`, the unneeded one ignored. */
export const audienceSchema = z
  .object({ kind: kindSchema, grade: detail, date: detail }, { error: AUDIENCE_REQUIRED })
  .transform((value, ctx) => audienceOf(value, ctx, { grade: "grade", date: "date" }));

/** POST /api/announcements: what the office wrote, its audience and an SMS wording of its own. */
export const announcementSchema = z.object({
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .regex(SINGLE_LINE, notAllowedMessage("Title"))
    .min(1, TITLE_REQUIRED)
    .max(ANNOUNCEMENT_TITLE_MAX, `The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`),
  body: z
    .string({ error: BODY_REQUIRED })
    .check(...freeText("Message"))
    .trim()
    .min(1, BODY_REQUIRED)
    .max(ANNOUNCEMENT_BODY_MAX, `The message must be at most ${ANNOUNCEMENT_BODY_MAX} characters`),
  /** Empty or absent: the SMS carries the title and the message. */
  sms: z
    .string()
    .check(...freeText("SMS text"))
    .trim()
    .max(
      ANNOUNCEMENT_SMS_TEXT_MAX,
      `The SMS text must be at most ${ANNOUNCEMENT_SMS_TEXT_MAX} characters`,
    )
    .nullish()
    .transform((value) => (value ? value : null)),
  audience: audienceSchema,
});
export type AnnouncementInput = z.output<typeof announcementSchema>;
/** The form's values before the schema's transforms. */
export type AnnouncementFormValues = z.input<typeof announcementSchema>;

/** GET /api/announcements/preview?audience=everyone|grade|orderedOn&grade=&date=. */
export const previewQuerySchema = z
  .object({ audience: kindSchema, grade: detail, date: detail })
  .transform((value, ctx) =>
    audienceOf({ ...value, kind: value.audience }, ctx, { grade: "grade", date: "date" }),
  );

/** GET /api/announcements?page= and GET /api/announcements/{id}?page= (its failures' page). */
export const announcementsQuerySchema = adminPageQuerySchema;
