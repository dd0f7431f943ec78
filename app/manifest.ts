import type { MetadataRoute } from "next";
import { currentSchool } from "@/lib/schools/current-school";

// The web app manifest (served as /manifest.webmanifest, linked from every page): parents and
// teachers can install the portal on a phone's home screen. Icons: public/icons/ (written by
// scripts/generate-icons.ts). Each school's own (issue 45): its name, and its address as the
// installed app's start; a host no school claims has none (404).
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const school = await currentSchool();
  const home = new URL("/", school.origin).href;
  return {
    name: `${school.name} · Parent & Teacher Portal`,
    short_name: school.name,
    description: "Pre-order school lunches, pay by card and follow your orders.",
    start_url: home,
    scope: home,
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
