"use client";

import dynamic from "next/dynamic";

// The teacher's cart sheet and the allergies dialog (its form brings zod and react-hook-form),
// not in the first load (see components/portal/lazy-portal.tsx): the dialog fetched when first
// opened, the sheet once the page is idle (OfflineSupport, decision 0125) or when first opened.
/** The cart sheet's code, one loader for the component and for the idle prefetch (OfflineSupport). */
export const loadCartSheet = () => import("@/components/teacher/cart-sheet");
export const LazyCartSheet = dynamic(() => loadCartSheet().then((m) => m.CartSheet));
export const LazyStaffCareDialog = dynamic(() =>
  import("@/components/students/staff-care-dialog").then((m) => m.StaffCareDialog),
);
