import type { Metadata } from "next";
import { connection } from "next/server";
import { ClaimScreen } from "@/components/roll/claim-screen";
import { ApiError } from "@/lib/api/errors";
import { getCurrentUser } from "@/lib/auth/session";
import type { RollClaimDto } from "@/lib/contracts/roll";
import { getRollClaim } from "@/lib/roll/claim";
import { currentSchool, currentSchoolOrNone } from "@/lib/schools/current-school";
import { rollClaimSchema } from "@/lib/validations/roll";

// A roll invitation's link (issue 49, decision 0120): for anyone holding it, signed in or not. It
// says which child and which address, offers to sign in or register with that address, then to
// accept. The token is checked again when it is accepted.

export async function generateMetadata(): Promise<Metadata> {
  const school = await currentSchoolOrNone();
  return school ? { title: `Add your child · ${school.name}` } : {};
}

export default async function ClaimPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const school = await currentSchool();
  await connection();
  const user = await getCurrentUser(school.id);
  const parsed = rollClaimSchema.safeParse({ token: (await searchParams).token });
  let claim: RollClaimDto | null = null;
  if (parsed.success) {
    try {
      claim = await getRollClaim(school, parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return (
    <ClaimScreen
      token={parsed.success ? parsed.data.token : ""}
      claim={claim}
      user={user ? { name: user.name, role: user.role } : null}
    />
  );
}
