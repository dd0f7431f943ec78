import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { NO_SCHOOL_MESSAGE } from "@/lib/contracts/schools";
import { currentSchoolOrNone } from "@/lib/schools/current-school";
import "./globals.css";

// The root layout: every page's school is the one at the request's host (issue 45). Its name titles
// the pages and, with its time zone, is handed to the client components (they cannot read the
// school). A host no school claims gets no school here; its pages stop at currentSchool() and
// render app/not-found.tsx, which says so.

export async function generateMetadata(): Promise<Metadata> {
  const school = await currentSchoolOrNone();
  return {
    title: school
      ? { default: `${school.name} · Parent & Teacher Portal`, template: `%s · ${school.name}` }
      : NO_SCHOOL_MESSAGE,
    description: "Pre-order school lunches, pay by card and follow your orders.",
    icons: { icon: "/logo.svg" },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0f766e",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const school = await currentSchoolOrNone();
  return (
    <html lang="en-ZM">
      <body className="min-h-dvh antialiased">
        <Providers
          school={
            school && {
              name: school.name,
              timeZone: school.timeZone,
              closed: school.status === "suspended",
            }
          }
        >
          {children}
        </Providers>
      </body>
    </html>
  );
}
