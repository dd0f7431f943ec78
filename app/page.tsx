import { Suspense } from "react";
import { EmailVerifiedToast } from "@/components/email-verified-toast";
import { PortalStartBoundary } from "@/components/portal/portal-start-boundary";
import { AdminScreen, AuthScreen, ParentScreen, TeacherScreen } from "@/components/role-screens";
import { getCurrentUser } from "@/lib/auth/session";
import { authFormMessage } from "@/lib/contracts/auth-form";
import { env } from "@/lib/env";

// "/" renders by role (spec 001 §2): the authentication page, the admin console, the teacher
// portal or the parent dashboard. Each is its own client chunk (components/role-screens.tsx). The
// teacher's and the parent's first reads come with the page, so their Menu Calendar is in the HTML.
export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  const query = await searchParams;
  return (
    <>
      <Suspense>
        <EmailVerifiedToast />
      </Suspense>
      {!user ? (
        <AuthScreen
          initialMode={query.auth === "register" ? "register" : "login"}
          notice={authFormMessage(one(query.error), one(query.field))}
        />
      ) : user.role === "admin" ? (
        <AdminScreen user={user} />
      ) : (
        <PortalStartBoundary user={user}>
          {user.role === "teacher" ? (
            <TeacherScreen user={user} timeZone={env().SCHOOL_TIMEZONE} />
          ) : (
            <ParentScreen user={user} timeZone={env().SCHOOL_TIMEZONE} />
          )}
        </PortalStartBoundary>
      )}
    </>
  );
}

const one = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;
