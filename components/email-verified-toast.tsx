"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { notify } from "@/components/notifications/toast";

// spec 001 §2: ?emailVerified=success|error (with an optional message) shows a toast once, then the
// parameters are removed from the address.
export function EmailVerifiedToast() {
  const params = useSearchParams();
  const router = useRouter();
  const status = params.get("emailVerified");
  const message = params.get("message");

  useEffect(() => {
    if (status !== "success" && status !== "error") return;
    if (status === "success") {
      notify({ title: "Email Verified Successfully", variant: "success" });
    } else {
      notify({
        title: "Email Verification Failed",
        description: message || "There was an error verifying your email address.",
        variant: "destructive",
      });
    }
    const url = new URL(window.location.href);
    url.searchParams.delete("emailVerified");
    url.searchParams.delete("message");
    router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
  }, [status, message, router]);

  return null;
}
