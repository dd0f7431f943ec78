import type { MetadataRoute } from "next";
import { SHOP_NAME } from "@/lib/brand";

// The web app manifest (served as /manifest.webmanifest, linked from every page): parents and
// teachers can install the portal on a phone's home screen. Icons: public/icons/ (written by
// scripts/generate-icons.ts).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${SHOP_NAME} · Parent & Teacher Portal`,
    short_name: SHOP_NAME,
    description: "Pre-order school lunches, pay by card and follow your orders.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f766e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
