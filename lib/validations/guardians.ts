import { z } from "zod";
import { EMAIL_FORMAT, EMAIL_MESSAGE } from "@/lib/validations/people";

// Issue 49 (decision 0119): the invitation of a child's second guardian, shared by the child's
// dialog (zodResolver) and POST /api/students/{id}/guardians/invitations.

export const guardianInvitationSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .min(1, EMAIL_MESSAGE)
    .max(254, EMAIL_MESSAGE)
    .refine((v) => EMAIL_FORMAT.safeParse(v).success, EMAIL_MESSAGE),
});

export type GuardianInvitationValues = z.infer<typeof guardianInvitationSchema>;
