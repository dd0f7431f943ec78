"use client";

import dynamic from "next/dynamic";
import { LoadingBlock } from "@/components/portal/load-state";

// The parent's Students tab, fetched when first shown (see components/portal/lazy-portal.tsx).
export const LazyStudentsTab = dynamic(
  () => import("@/components/parent/students-tab").then((m) => m.StudentsTab),
  { loading: () => <LoadingBlock label="Loading students" /> },
);
