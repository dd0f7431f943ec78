"use client";

import dynamic from "next/dynamic";
import { MenuButton } from "@/components/account/menu-button";

// The header's menu and the profile dialog, fetched on first use (see
// components/portal/lazy-portal.tsx).
export const LazyProfileDialog = dynamic(() =>
  import("@/components/account/profile-dialog").then((m) => m.ProfileDialog),
);
export const LazyHeaderMenu = dynamic(
  () => import("@/components/account/header-menu").then((m) => m.HeaderMenu),
  { loading: () => <MenuButton aria-haspopup="menu" aria-expanded={false} aria-busy /> },
);
