import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SettingsSection } from "@/components/admin/settings/settings-section";
import { AuthPage } from "@/components/auth/auth-page";
import { hasFeature } from "@/lib/contracts/permissions";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";

// /settings (spec 001 §2 "settings screen on its own"): the Settings screen alone, for admins with
// the settings feature; signed out shows the login screen, anyone else the 404 page.
export default async function SettingsPage() {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  if (user.role !== "admin" || !hasFeature(user, "settings")) notFound();
  return (
    <main className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Settings</h1>
        <Link
          href="/"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to console
        </Link>
      </div>
      <SettingsSection />
    </main>
  );
}
