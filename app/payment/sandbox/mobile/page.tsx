import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { SandboxMobilePage } from "@/components/payment/sandbox-mobile-page";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";
import { isSandboxFor } from "@/lib/payments/provider-config";
import { getSandboxPushes } from "@/lib/payments/sandbox";

export const metadata: Metadata = { title: "Test mobile money", robots: { index: false } };

// /payment/sandbox/mobile: the built-in sandbox's phone (PAYMENT_PROVIDER=sandbox only). It lists
// the signed-in payer's open mobile-money pushes with Approve and Decline, as their phone would;
// nobody else's (lib/payments/sandbox-mobile.ts).
export default async function SandboxMobilePaymentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Read the request first: deciding before it would let `next build` (where the sandbox is
  // off) prerender this page as a static 404.
  await searchParams;
  const school = await currentSchool();
  if (!(await isSandboxFor(school))) notFound();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  return <SandboxMobilePage pushes={await getSandboxPushes(school, user)} />;
}
