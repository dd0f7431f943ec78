"use client";

import dynamic from "next/dynamic";

// The teacher's cart sheet, fetched when first opened (see components/portal/lazy-portal.tsx).
export const LazyCartSheet = dynamic(() =>
  import("@/components/teacher/cart-sheet").then((m) => m.CartSheet),
);
