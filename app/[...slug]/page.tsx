import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";

// Any other path: the login screen when signed out, '404 Page Not Found' when signed in.
// A build file that is not there (a page loaded before a deploy asking for a script the deploy
// replaced) is a 404 for everyone: answered with the login page and 200, the browser and the
// service worker's cache would keep that page as the script.
export default async function OtherPage({ params }: { params: Promise<{ slug: string[] }> }) {
  const school = await currentSchool();
  const { slug } = await params;
  if (slug[0] === "_next") notFound();
  if (!(await getCurrentUser(school.id))) return <AuthPage />;
  notFound();
}
