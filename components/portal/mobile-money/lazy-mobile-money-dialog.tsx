"use client";

import dynamic from "next/dynamic";

/**
 * Mobile money's number and waiting screen, fetched when the Cart first opens it: it brings the
 * number parser (libphonenumber-js), which the rest of the Cart does not need. Beside the dialog
 * rather than in lazy-portal.tsx, which itself loads the Cart lazily.
 */
export const LazyMobileMoneyDialog = dynamic(() =>
  import("@/components/portal/mobile-money/mobile-money-dialog").then((m) => m.MobileMoneyDialog),
);
