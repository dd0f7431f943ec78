// The school roll (issue 49, decision 0120): the office uploads a CSV of children and their
// guardians; registered guardians are linked, the others invited to claim with a one-time link.
// Types and constants only, shared by the handlers and the admin's dialog.
import type { PageMetadata } from "@/lib/contracts/paging";

/** The template's columns, in order. Only child_name, grade and guardian1_name are required. */
export const ROLL_COLUMNS = [
  "admission_no",
  "child_name",
  "grade",
  "class",
  "guardian1_name",
  "guardian1_email",
  "guardian1_phone",
  "guardian2_name",
  "guardian2_email",
  "guardian2_phone",
] as const;
export type RollColumn = (typeof ROLL_COLUMNS)[number];
export const ROLL_REQUIRED_COLUMNS: readonly RollColumn[] = [
  "child_name",
  "grade",
  "guardian1_name",
];

/** The largest file and the most children one upload may hold. */
export const ROLL_MAX_BYTES = 512 * 1024;
export const ROLL_MAX_ROWS = 3000;
/** Errors listed at most (a wrong file would list thousands; the rest are counted). */
export const ROLL_MAX_ERRORS = 500;

/** A claim link works this long, once. */
export const ROLL_INVITE_DAYS = 14;
/** A re-upload does not invite the same address for the same child again within this time. */
export const ROLL_REINVITE_DAYS = 7;

/** The template the dialog offers for download: the header and one example row. */
export const ROLL_TEMPLATE_CSV =
  ROLL_COLUMNS.join(",") +
  "\r\n" +
  "A1023,Chilufya Banda,3,3B,Mwila Banda,mwila.banda@example.com,0977 123 456,Joseph Banda,,\r\n";

/** One problem of the file: its line (the header is line 1), its column, what is wrong. */
export type RollErrorDto = { row: number; column: string; message: string };

/** What the upload did (or, as a preview, would do). */
export type RollSummaryDto = {
  /** Children in the file. */
  children: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Guardians with a (verified) account of this school, linked to their child now. */
  linked: number;
  /** Invitation e-mails to send, and SMS among them. */
  invited: number;
  smsInvites: number;
  /** Guardians invited within the last ROLL_REINVITE_DAYS, not invited again. */
  recentlyInvited: number;
  /** Guardians without an e-mail address: on the roll, but nobody can invite them. */
  notReachable: number;
};

/** POST /api/parents/roll with `dryRun: true`: the preview, or every problem of the file. */
export type RollPreviewDto = {
  errors: RollErrorDto[];
  /** More problems than listed (ROLL_MAX_ERRORS). */
  moreErrors: number;
  summary: RollSummaryDto | null;
};

/** POST /api/parents/roll: the import done. A file with problems is a 422 with `errors`. */
export type RollImportDoneDto = { summary: RollSummaryDto; message: string };

export const rollProblemsMessage = (count: number) =>
  `The file has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported.`;

export const rollImportedMessage = (summary: RollSummaryDto) =>
  `${summary.children} ${summary.children === 1 ? "child" : "children"} on the roll ` +
  `(${summary.added} new, ${summary.updated} updated); ${summary.linked} linked, ` +
  `${summary.invited} invited.`;

/** GET /api/roll/claim?token=…: what the link offers, before it is accepted. */
export type RollClaimDto = {
  status: "open" | "claimed" | "expired";
  schoolName: string;
  childName: string;
  grade: string;
  /** The address invited: the claim page asks to sign in or register with it. */
  email: string;
  guardianName: string;
};

/** POST /api/roll/claim. */
export type RollClaimDoneDto = { studentId: number; message: string };

export const ROLL_LINK_INVALID = "This link is not valid. Ask the school office for a new one.";
export const ROLL_LINK_USED = "This link was already used. Sign in to see your children.";
export const ROLL_LINK_EXPIRED =
  "This link has expired. Ask the school office to send a new invitation.";
/** The school changed this guardian's e-mail (or removed the guardian) since the link was sent. */
export const ROLL_LINK_REPLACED =
  "This link no longer works: the school has changed this child's guardians. Ask the school office.";
export const ROLL_CLAIM_PARENTS_ONLY = "Sign in with a parent account to accept this invitation.";
export const ROLL_CLAIM_FULL =
  "This child already has two guardians. Please contact the school office.";
export const rollClaimedMessage = (name: string) => `${name} is now on your account.`;

// The roll itself in Parents & Students (decision 0120, "Changed later"): which children wait for
// a guardian to claim them, who was invited when, who claimed; and the links sent again.

export const ROLL_LIST_PAGE_SIZE = 50;
export const ROLL_LIST_STATUSES = ["waiting", "linked", "all"] as const;
export type RollListStatus = (typeof ROLL_LIST_STATUSES)[number];
/** A search longer than this is refused (422). */
export const ROLL_SEARCH_MAX = 100;
/** The office may send one guardian's link again once in this many minutes. */
export const ROLL_RESEND_MINUTES = 10;

/**
 * linked: a guardian of the child's Student (claimed, or linked by the import); invited: an open
 * link; expired: the last link expired unused; not_invited: no link (no e-mail, or never sent).
 */
export type RollGuardianState = "linked" | "invited" | "expired" | "not_invited";

export type RollGuardianDto = {
  slot: 1 | 2;
  name: string;
  email: string | null;
  phone: string | null;
  /** The latest link for this guardian: when it was sent, until when it works, when it was used. */
  invitedAt: string | null;
  expiresAt: string | null;
  claimedAt: string | null;
  state: RollGuardianState;
};

export type RollChildDto = {
  id: number;
  name: string;
  grade: string;
  className: string | null;
  /** The child is a Student (not deleted, not archived): in the kitchen's lists and the counter. */
  linked: boolean;
  student: { id: number; parentName: string } | null;
  guardians: RollGuardianDto[];
};

/** Children on the roll matching the search, by status. */
export type RollCountsDto = { all: number; waiting: number; linked: number };

export type RollListDto = {
  data: RollChildDto[];
  metadata: PageMetadata;
  counts: RollCountsDto;
};

/** POST /api/parents/roll/{id}/invite. */
export type RollReinviteDoneDto = { sent: number; sms: number; message: string };

export const ROLL_CHILD_NOT_FOUND = "This child is not on the school roll.";
export const ROLL_CHILD_FULL =
  "This child already has both guardians on the portal: there is nobody to send a link to.";
export const ROLL_NOBODY_TO_INVITE =
  "No guardian of this child is waiting with an e-mail address: add one to the roll and upload it again.";

export const rollReinvitedMessage = (sent: number, sms: number) =>
  `${sent === 1 ? "A new link was" : `${sent} new links were`} sent by e-mail` +
  `${sms > 0 ? ` (and ${sms} by SMS)` : ""}; earlier links no longer work.`;

export const ROLL_GUARDIAN_STATE_LABELS: Record<RollGuardianState, string> = {
  linked: "Linked",
  invited: "Invited",
  expired: "Link expired",
  not_invited: "Not invited",
};

export const ROLL_STATUS_LABELS: Record<RollListStatus, string> = {
  waiting: "Waiting",
  linked: "Linked",
  all: "All",
};

export const rollResendTooSoonMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return (
    `A link went to this child's guardians less than ${ROLL_RESEND_MINUTES} minutes ago: ` +
    `send again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`
  );
};
