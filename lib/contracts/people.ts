// The shapes of the accounts: the signed-in user, and the Admin Users and Parents & Students
// answers (spec 001 §3, §7), shared by the domain functions that produce them and the screens that
// read them. Never a hash.
import type { PageMetadata } from "@/lib/contracts/paging";
import type { StudentCareDto } from "@/lib/contracts";
import type { Feature, Role } from "@/lib/contracts/permissions";

/**
 * The signed-in user as every page and handler sees it, and the answer of GET /api/user, the
 * sign-in, registration and profile calls. Never carries a password or hash.
 */
export type SessionUser = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  allowedFeatures: string[];
  emailVerified: boolean;
  /**
   * A new address asked for in Profile Settings and not yet confirmed by its link (issue 43): it
   * replaces `email` only when the link is opened; until then mail and resets go to `email`.
   */
  pendingEmail: string | null;
  /** Whether the account gets order reminders before the cut-off (issue 19). */
  orderReminders: boolean;
};

export type AdminUserDto = {
  id: number;
  username: string;
  role: Role;
  /** The superadmin is listed with every feature. */
  allowedFeatures: Feature[];
};

export type ParentStudentDto = {
  id: number;
  name: string;
  grade: string;
  parentId: number;
} & StudentCareDto;

export type ParentDto = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The parent's students who are not archived, by name. */
  students: ParentStudentDto[];
};

export type ParentsPage = { data: ParentDto[]; metadata: PageMetadata };

/** 409 of a delete that a forced delete can override (spec 001 §4, §8). */
export type ForceDeleteConflict = {
  message: string;
  error: string;
  canForce: true;
  orderCount: number;
};

export type DeletedAnswer = { message: string };

/** The answer when a parent id names no parent (admin calls on parents and their students). */
export const PARENT_NOT_FOUND = "Parent not found";
