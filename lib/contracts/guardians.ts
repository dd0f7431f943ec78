// Issue 49 (decision 0119): a child's two guardians, the invitation from one to the other, and
// who changed the child's allergies, dietary notes and consent.

/** A child has at most two guardians (Student.parentId and one StudentGuardian row). */
export const MAX_GUARDIANS = 2;
/** An invitation's link works for seven days. */
export const INVITATION_DAYS = 7;

export const INVITATION_NOT_VALID = "This invitation link is not valid.";
export const INVITATION_USED = "This invitation has already been used.";
export const INVITATION_EXPIRED =
  "This invitation has expired. Ask the guardian who sent it for a new one.";
export const INVITATION_WITHDRAWN = "This invitation was withdrawn by the guardian who sent it.";
export const INVITATION_WRONG_EMAIL =
  "This invitation was sent to another e-mail address. Sign in with the account of that address, or register with it.";
export const GUARDIANS_FULL = "This child already has two guardians.";
export const ALREADY_GUARDIAN = "You are already a guardian of this child.";
export const ONLY_FIRST_GUARDIAN =
  "Only the child's first guardian can do this. You can leave the child's account instead.";

/** One of a child's guardians, as the child's card and dialog show them. */
export type GuardianDto = { name: string; first: boolean; you: boolean };

/** One change of the child's allergies, dietary notes or consent, newest first. */
export type CareChangeDto = {
  at: string;
  /** The account's name ("Deleted account" once it is gone). */
  by: string;
  /** Made by the school office, not a guardian. */
  byOffice: boolean;
  added: string[];
  removed: string[];
  dietaryNotes: boolean;
  consent: "given" | "withdrawn" | null;
};

export type PendingInvitationDto = { email: string; expiresAt: string; invitedBy: string };

/** GET /api/students/{id}/guardians: who the child's guardians are, and what changed. */
export type StudentGuardiansDto = {
  guardians: GuardianDto[];
  invitation: PendingInvitationDto | null;
  /** Whether the caller may invite (the child has one guardian). */
  canInvite: boolean;
  changes: CareChangeDto[];
};

/** POST /api/students/{id}/guardians/invitations */
export type InvitationSentDto = PendingInvitationDto & { message: string };

export type InvitationStatus = "open" | "accepted" | "expired" | "withdrawn";

/** GET /api/guardian-invitations/{token}: what the link is about (no one is signed in yet). */
export type InvitationPreviewDto = {
  status: InvitationStatus;
  childFirstName: string;
  inviterName: string;
  schoolName: string;
  email: string;
  expiresAt: string;
};

/** POST /api/guardian-invitations/{token} */
export type InvitationAcceptedDto = { studentId: number; message: string };

/** One other guardian's live order of the child, for the menu calendar's day. */
export type OtherGuardianDayDto = {
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  by: string;
};
