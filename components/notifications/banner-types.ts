import type * as React from "react";

// What a banner is, shared by its provider (banner.tsx) and its lazily loaded view
// (banner-view.tsx), so that neither imports the other back.

export type BannerType = "success" | "error" | "info" | "warning";

export interface BannerOptions {
  type: BannerType;
  message: React.ReactNode;
  title?: React.ReactNode;
  /** Milliseconds before the banner closes by itself; default 3000. `Infinity` keeps it open. */
  duration?: number;
}

export interface BannerItem extends BannerOptions {
  id: string;
  closing: boolean;
}
