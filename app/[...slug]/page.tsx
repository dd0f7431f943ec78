import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { getCurrentUser } from "@/lib/auth/session";

// Any other path: the login screen when signed out, '404 Page Not Found' when signed in.
export default async function OtherPage() {
  if (!(await getCurrentUser())) return <AuthPage />;
  notFound();
}
