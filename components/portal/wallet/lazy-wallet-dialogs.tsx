"use client";

import dynamic from "next/dynamic";

/** The wallet's Top up form, fetched when the parent first opens it (issue 47). */
export const LazyTopUpDialog = dynamic(() =>
  import("@/components/portal/wallet/top-up-dialog").then((m) => m.TopUpDialog),
);

/** The wallet's Withdraw form, fetched when first opened (issue 47). */
export const LazyWithdrawDialog = dynamic(() =>
  import("@/components/portal/wallet/withdraw-dialog").then((m) => m.WithdrawDialog),
);
