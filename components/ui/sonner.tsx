"use client";

import * as React from "react";
import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Below the portal header (64 px and its border) on a phone: a toast never covers its menu. */
const BELOW_THE_HEADER = { top: 76 };

/**
 * The toast outlet (sonner). Mount once, in the root layout. Defaults: top-center (on a phone below
 * the header, whose menu button stays in reach), one toast at a time, 3 s, F8 focuses the toast
 * region, swipe to dismiss, close button, distinct colours for success / error / warning / info
 * (mapped onto the theme's tokens). The swipe threshold (45 px) and the removal after dismissal
 * (200 ms) are sonner's constants, not options: decision 0046.
 */
function Toaster({
  position = "top-center",
  visibleToasts = 1,
  duration = 3000,
  hotkey = ["F8"],
  richColors = true,
  closeButton = true,
  mobileOffset = BELOW_THE_HEADER,
  style,
  ...props
}: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      position={position}
      visibleToasts={visibleToasts}
      duration={duration}
      hotkey={hotkey}
      richColors={richColors}
      closeButton={closeButton}
      mobileOffset={mobileOffset}
      icons={{
        success: <CircleCheckIcon className="size-4" aria-hidden="true" />,
        info: <InfoIcon className="size-4" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="size-4" aria-hidden="true" />,
        error: <OctagonXIcon className="size-4" aria-hidden="true" />,
        loading: <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--success-bg": "var(--success)",
          "--success-text": "var(--success-foreground)",
          "--success-border": "var(--success)",
          "--error-bg": "var(--destructive)",
          "--error-text": "var(--destructive-foreground)",
          "--error-border": "var(--destructive)",
          "--warning-bg": "var(--warning)",
          "--warning-text": "var(--warning-foreground)",
          "--warning-border": "var(--warning)",
          "--info-bg": "var(--info)",
          "--info-text": "var(--info-foreground)",
          "--info-border": "var(--info)",
          "--border-radius": "var(--radius)",
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
