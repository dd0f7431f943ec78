"use client";

import { PortalHeader } from "@/components/account/portal-header";
import type { SessionUser } from "@/lib/auth/session";

// The parent's home (spec 000 §2). Issue 3 adds the Menu Calendar, Cart, Students and Order History.
export function ParentDashboard({ user }: { user: SessionUser }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} title="Parent Dashboard" />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6" />
    </div>
  );
}
