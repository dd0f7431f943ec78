"use client";

import { CircleCheckIcon, InfoIcon, OctagonXIcon, TriangleAlertIcon, XIcon } from "lucide-react";

import type { BannerItem, BannerType } from "@/components/notifications/banner-types";
import { cn } from "@/lib/utils";

// One top banner (components/notifications/banner.tsx): its own chunk, fetched with the first
// banner shown.

const styles: Record<
  BannerType,
  { className: string; icon: typeof InfoIcon; role: "status" | "alert" }
> = {
  success: {
    className: "border-success bg-success text-success-foreground",
    icon: CircleCheckIcon,
    role: "status",
  },
  info: {
    className: "border-info bg-info text-info-foreground",
    icon: InfoIcon,
    role: "status",
  },
  warning: {
    className: "border-warning bg-warning text-warning-foreground",
    icon: TriangleAlertIcon,
    role: "alert",
  },
  error: {
    className: "border-destructive bg-destructive text-destructive-foreground",
    icon: OctagonXIcon,
    role: "alert",
  },
};

export function BannerView({ banner, onClose }: { banner: BannerItem; onClose: () => void }) {
  const { className, icon: Icon, role } = styles[banner.type];

  return (
    <div
      data-slot="banner"
      data-type={banner.type}
      data-state={banner.closing ? "closed" : "open"}
      role={role}
      aria-atomic="true"
      className={cn(
        "pointer-events-auto flex w-full max-w-2xl items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg",
        "animate-in duration-300 fade-in-0 slide-in-from-top-2",
        "transition-[opacity,translate] data-[state=closed]:-translate-y-2 data-[state=closed]:opacity-0",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid flex-1 gap-0.5">
        {banner.title ? <p className="leading-snug font-semibold">{banner.title}</p> : null}
        <div className="leading-snug">{banner.message}</div>
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={onClose}
        className="-my-1.5 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-80 transition-opacity outline-none hover:bg-black/10 hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-current pointer-coarse:-my-2.5 pointer-coarse:size-11"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
