import { NO_SCHOOL_MESSAGE } from "@/lib/contracts/schools";

// What every page shows at a host no school claims (issue 45): the sentence and nothing of any
// school. Rendered by app/not-found.tsx, which a page reaches through currentSchool() before any of
// its own code runs; the API answers the same sentence as JSON (lib/api/handler.ts).
export function NoSchoolPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-semibold">{NO_SCHOOL_MESSAGE}</h1>
      <p className="text-muted-foreground">Check the address you were given by your school.</p>
    </main>
  );
}
