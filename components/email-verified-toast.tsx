"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { EMAIL_VERIFICATION_ERRORS, type EmailVerificationError } from "@/lib/contracts";

const DEFAULT_ERROR = "There was an error verifying your email address.";
/** Read once and then removed from the address. */
const PARAMETERS = ["emailVerified", "reason", "message"];

// spec 001 §2: ?emailVerified=success|error shows a toast once, then the parameters are removed
// from the address. The spec's optional `message` is not shown: anyone can send a parent a link
// to this site with their own words in it ("Call 0977 000 111 for your refund"), which the toast
// would then show under the school's name. The verification link sends a `reason` code instead,
// and only this app's fixed texts are shown for it; anything else gets the spec's default text.
export function EmailVerifiedToast() {
  const params = useSearchParams();
  const router = useRouter();
  const status = params.get("emailVerified");
  const reason = params.get("reason");

  useEffect(() => {
    if (status !== "success" && status !== "error") return;
    if (status === "success") {
      toastSuccess("Email Verified Successfully");
    } else {
      toastFailure("Email Verification Failed", errorText(reason));
    }
    const url = new URL(window.location.href);
    for (const name of PARAMETERS) url.searchParams.delete(name);
    router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
  }, [status, reason, router]);

  return null;
}

function errorText(reason: string | null): string {
  // Own keys only: "toString" or "__proto__" must not reach the prototype.
  return reason !== null && Object.hasOwn(EMAIL_VERIFICATION_ERRORS, reason)
    ? EMAIL_VERIFICATION_ERRORS[reason as EmailVerificationError]
    : DEFAULT_ERROR;
}
