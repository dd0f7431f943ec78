import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { PaymentCancelled } from "@/components/payment/payment-cancelled";
import { getCurrentUser } from "@/lib/auth/session";

// /payment/cancel: the card provider's back address (parents and teachers, spec 001 §2).
export default async function PaymentCancelPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  if (!user) return <AuthPage />;
  if (user.role === "admin") notFound();
  const { returnUrl, TransactionToken } = await searchParams;
  return (
    <PaymentCancelled
      returnUrl={safeReturnPath(returnUrl)}
      transactionId={typeof TransactionToken === "string" ? TransactionToken : undefined}
    />
  );
}

/** Only a path on this site: an address from the query string must not send parents elsewhere. */
function safeReturnPath(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//"))
    return undefined;
  if (value.includes("\\")) return undefined;
  return value;
}
