import { InvitationCard, InvitationSummary } from "@/components/guardians/invitation-card";
import { AuthScreen } from "@/components/role-screens";
import { ApiError } from "@/lib/api/errors";
import { getCurrentUser } from "@/lib/auth/session";
import type { InvitationPreviewDto } from "@/lib/contracts/guardians";
import { currentSchool } from "@/lib/schools/current-school";
import { previewInvitation } from "@/lib/students/guardian-invitations";

// /guardian-invitation/{token} (issue 49, decision 0119): a guardian's invitation link, for anyone
// holding it (lib/routing.ts). Signed out, the invitation sits above the sign-in and registration
// forms, which refresh this page once signed in; signed in, the account accepts it here.
export default async function GuardianInvitationPage({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  const { token } = await params;
  const preview = await previewOrNull(school, token);
  if (!user && preview?.status === "open") {
    return <AuthScreen intro={<InvitationSummary preview={preview} signedOut />} />;
  }
  return (
    <InvitationCard
      token={token}
      preview={preview}
      canAccept={user?.role === "parent" || user?.role === "teacher"}
      signedIn={user !== null}
    />
  );
}

async function previewOrNull(
  school: Awaited<ReturnType<typeof currentSchool>>,
  token: string,
): Promise<InvitationPreviewDto | null> {
  try {
    return await previewInvitation(school, token);
  } catch (error) {
    // An unknown link (or another school's) reads as "not valid" on the page.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
