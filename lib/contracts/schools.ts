// The school a request belongs to (issue 45, decisions 0073 and 0076). Resolved once per request
// from its host, next to the session, and handed to every domain function that reads or writes
// the school's tables.

export type SchoolStatus = "active" | "suspended";

export type SchoolContext = {
  id: number;
  slug: string;
  /** The shop's name: its sign-in page, its mails, its labels. */
  name: string;
  /** IANA zone of every time of day at this school. */
  timeZone: string;
  currency: string;
  status: SchoolStatus;
  /**
   * `scheme://host[:port]` the school is reached at: the request's own host when there is a
   * request (links and return URLs go back where the user is), else the school's first host.
   */
  origin: string;
};

/** The school of an install that has never been told about schools: all of its data. */
export const DEFAULT_SCHOOL_ID = 1;

export const NO_SCHOOL_MESSAGE = "No school at this address";
export const SCHOOL_CLOSED_MESSAGE = "This school's canteen is closed for ordering.";
