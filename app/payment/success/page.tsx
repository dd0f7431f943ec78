import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { PaymentSuccess } from "@/components/payment/payment-success";
import { getCurrentUser } from "@/lib/auth/session";

// /payment/success: the card provider's redirect address (parents and teachers, spec 001 §2).
export default async function PaymentSuccessPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  if (!user) return <AuthPage />;
  if (user.role === "admin") notFound();
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return <PaymentSuccess transactionId={first(params.TransID) ?? first(params.TransactionToken)} />;
}
