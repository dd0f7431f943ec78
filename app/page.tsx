import { Suspense } from "react";
import { AdminConsole } from "@/components/admin/admin-console";
import { AuthPage } from "@/components/auth/auth-page";
import { EmailVerifiedToast } from "@/components/email-verified-toast";
import { ParentDashboard } from "@/components/parent/parent-dashboard";
import { TeacherPortal } from "@/components/teacher/teacher-portal";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

// "/" renders by role (spec 001 §2): the authentication page, the admin console, the teacher
// portal or the parent dashboard.
export default async function HomePage() {
  const user = await getCurrentUser();
  return (
    <>
      <Suspense>
        <EmailVerifiedToast />
      </Suspense>
      {!user ? (
        <AuthPage />
      ) : user.role === "admin" ? (
        <AdminConsole user={user} />
      ) : user.role === "teacher" ? (
        <TeacherPortal user={user} timeZone={env().SCHOOL_TIMEZONE} />
      ) : (
        <ParentDashboard user={user} timeZone={env().SCHOOL_TIMEZONE} />
      )}
    </>
  );
}
