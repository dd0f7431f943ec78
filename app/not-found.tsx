import { NoSchoolPage } from "@/components/no-school-page";
import { currentSchoolOrNone } from "@/lib/schools/current-school";

// The 404 page. At a host no school claims every page ends here (currentSchool() is the first thing
// each page does), and says so instead (issue 45).
export default async function NotFound() {
  if (!(await currentSchoolOrNone())) return <NoSchoolPage />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-semibold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      {/* A plain link: this page is part of every page's first load (the root's not-found
          boundary), and next/link would add its prefetching code to all of them. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
        Go to the home page
      </a>
    </main>
  );
}
