"use client";

import dynamic from "next/dynamic";

// The e-mail verification toast (components/email-verified-toast.tsx) in a chunk of its own: "/"
// renders it only for the visit the verification link opens (`?emailVerified=`), so no other visit
// downloads it. A client component imported by the page itself would be part of every visit's
// first load, rendered or not.
export const LazyEmailVerifiedToast = dynamic(() =>
  import("@/components/email-verified-toast").then((m) => m.EmailVerifiedToast),
);
