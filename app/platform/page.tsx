import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PlatformConsole } from "@/components/platform/platform-console";
import { isPlatformHost } from "@/lib/platform/platform-route";

// The operators' console (issue 45). Not a school's page: it reads no school and no school
// session, and it is only at the platform's address (PLATFORM_URL's host, APP_URL's by default),
// where its API answers; elsewhere it is not found. The console signs the operator in itself.
export const metadata: Metadata = {
  title: { absolute: "Platform" },
  robots: { index: false, follow: false },
};

export default async function PlatformPage() {
  if (!isPlatformHost(await headers())) notFound();
  return <PlatformConsole />;
}
