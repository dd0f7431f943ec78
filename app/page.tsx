import { Suspense } from "react";
import { LazyEmailVerifiedToast } from "@/components/lazy-email-verified-toast";
import { PortalStartBoundary } from "@/components/portal/portal-start-boundary";
import { AdminScreen, AuthScreen, ParentScreen, TeacherScreen } from "@/components/role-screens";
import { getCurrentUser } from "@/lib/auth/session";
import { authFormMessage } from "@/lib/contracts/auth-form";
import { currentSchool } from "@/lib/schools/current-school";

// "/" renders by role (spec 001 §2): the authentication page, the admin console, the teacher
// portal or the parent dashboard. Each is its own client chunk (components/role-screens.tsx). The
// teacher's and the parent's first reads come with the page, so their Menu Calendar is in the HTML.
export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  const query = await searchParams;
  return (
    <>
      {/* Rendered, and so downloaded, only by the verification link's visit (spec 001 §2). */}
      {query.emailVerified !== undefined && (
        <Suspense>
          <LazyEmailVerifiedToast />
        </Suspense>
      )}
      {!user ? (
        <AuthScreen
          initialMode={query.auth === "register" ? "register" : "login"}
          notice={authFormMessage(one(query.error), one(query.field))}
        />
      ) : user.role === "admin" ? (
        <AdminScreen user={user} />
      ) : (
        <PortalStartBoundary school={school} user={user}>
          {user.role === "teacher" ? (
            <TeacherScreen user={user} timeZone={school.timeZone} />
          ) : (
            <ParentScreen user={user} timeZone={school.timeZone} />
          )}
        </PortalStartBoundary>
      )}
    </>
  );
}

const one = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;
