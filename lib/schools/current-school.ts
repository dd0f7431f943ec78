import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolForRequest } from "@/lib/schools/resolve-school";

// The page side of "which school" (issue 45): a server component's school, resolved once per
// render from the request's host. Route handlers get theirs from route() instead.

/** The school this page was asked of, or undefined when no school claims the host. */
export const currentSchoolOrNone = cache(async (): Promise<SchoolContext | undefined> =>
  schoolForRequest(await headers()),
);

/** The school this page was asked of; a host no school claims renders the not-found page. */
export async function currentSchool(): Promise<SchoolContext> {
  const school = await currentSchoolOrNone();
  if (!school) notFound();
  return school;
}
