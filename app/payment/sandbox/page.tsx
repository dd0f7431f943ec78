import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { SandboxPayPage } from "@/components/payment/sandbox-pay-page";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";
import { isSandboxFor } from "@/lib/payments/provider-config";
import { getSandboxPayment } from "@/lib/payments/sandbox";

export const metadata: Metadata = { title: "Test payment", robots: { index: false } };

// /payment/sandbox?ID={token}: the built-in sandbox's hosted pay page, DPO's payv2.php stand-in
// (PAYMENT_PROVIDER=sandbox only). Unlike DPO's page it is on our site, so it is shown only to the
// parent or teacher who started the payment (lib/payments/sandbox.ts); anybody else gets 404.
export default async function SandboxPaymentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Read the request first: deciding before it would let `next build` (where the sandbox is
  // off) prerender this page as a static 404.
  const { ID } = await searchParams;
  const school = await currentSchool();
  if (!(await isSandboxFor(school))) notFound();
  if (typeof ID !== "string" || ID === "") notFound();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  const payment = await getSandboxPayment(school, user, ID);
  if (!payment) notFound();
  return <SandboxPayPage payment={payment} />;
}
