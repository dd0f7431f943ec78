import { ApiError } from "@/lib/api/errors";
import { SCHOOL_CLOSED_MESSAGE, type SchoolContext } from "@/lib/contracts/schools";

// A suspended school takes no new orders or payments (issue 45): 403 with the sentence its
// parents and teachers see. What was already paid is still verified and fulfilled.

export function assertOpenForOrdering(school: SchoolContext): void {
  if (school.status === "suspended") throw new ApiError(403, SCHOOL_CLOSED_MESSAGE);
}
