import { notFound } from "next/navigation";
import { DebugLogin } from "@/components/auth/debug-login";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { isDebugLoginAvailable } from "@/lib/routing";
import { currentSchool } from "@/lib/schools/current-school";
import { DEMO_ACCOUNTS } from "@/lib/seed-accounts";

// /debug-login: a login test tool for signed-out visitors, never in production (spec 001 §2).
export default async function DebugLoginPage() {
  const school = await currentSchool();
  if (!isDebugLoginAvailable(env().production)) notFound();
  if (await getCurrentUser(school.id)) notFound();
  const accounts = [
    { label: "Parent (demo)", ...DEMO_ACCOUNTS.parent },
    { label: "Teacher (demo)", ...DEMO_ACCOUNTS.teacher },
    { label: "Superadmin", username: "superadmin", password: "" },
  ].map(({ label, username, password }) => ({ label, username, password }));
  return <DebugLogin accounts={accounts} />;
}
