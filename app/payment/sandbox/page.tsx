import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxPayPage } from "@/components/payment/sandbox-pay-page";
import { isSandboxEnabled } from "@/lib/payments/provider-config";
import { getSandboxPayment } from "@/lib/payments/sandbox";

export const metadata: Metadata = { title: "Test payment", robots: { index: false } };

// /payment/sandbox?ID={token}: the built-in sandbox's hosted pay page, DPO's payv2.php stand-in
// (PAYMENT_PROVIDER=sandbox only). Like DPO's page it needs no session of ours: the token is the
// key, and proxy.ts already shows signed-out visitors the login screen instead.
export default async function SandboxPaymentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Read the request first: deciding before it would let `next build` (where the sandbox is
  // off) prerender this page as a static 404.
  const { ID } = await searchParams;
  if (!isSandboxEnabled()) notFound();
  if (typeof ID !== "string" || ID === "") notFound();
  const payment = await getSandboxPayment(ID);
  if (!payment) notFound();
  return <SandboxPayPage payment={payment} />;
}
