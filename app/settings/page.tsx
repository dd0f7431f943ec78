import { notFound } from "next/navigation";
import { AdminConsole } from "@/components/admin/admin-console";
import { AuthPage } from "@/components/auth/auth-page";
import { getCurrentUser } from "@/lib/auth/session";

// /settings: admins only (spec 001 §2); the console opens on its Settings section.
export default async function SettingsPage() {
  const user = await getCurrentUser();
  if (!user) return <AuthPage />;
  if (user.role !== "admin") notFound();
  return <AdminConsole user={user} initialSection="settings" />;
}
