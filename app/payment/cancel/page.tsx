import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { PaymentCancelled } from "@/components/payment/payment-cancelled";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";
import { safeReturnPath } from "@/lib/security/return-path";

// /payment/cancel: the card provider's back address (parents and teachers, spec 001 §2).
export default async function PaymentCancelPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  if (user.role === "admin") notFound();
  const { returnUrl, TransactionToken } = await searchParams;
  return (
    <PaymentCancelled
      returnUrl={safeReturnPath(returnUrl, school.origin)}
      transactionId={typeof TransactionToken === "string" ? TransactionToken : undefined}
    />
  );
}
