import { notFound } from "next/navigation";
import { AuthPage } from "@/components/auth/auth-page";
import { PaymentSuccess } from "@/components/payment/payment-success";
import { getCurrentUser } from "@/lib/auth/session";
import { currentSchool } from "@/lib/schools/current-school";

// /payment/success: the card provider's redirect address (parents and teachers, spec 001 §2).
export default async function PaymentSuccessPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const school = await currentSchool();
  const user = await getCurrentUser(school.id);
  if (!user) return <AuthPage />;
  if (user.role === "admin") notFound();
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  return <PaymentSuccess transactionId={first(params.TransID) ?? first(params.TransactionToken)} />;
}
