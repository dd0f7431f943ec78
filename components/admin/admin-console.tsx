"use client";

import { LogOut, PanelLeft } from "lucide-react";
import { useState } from "react";
import { SECTION_SCREENS } from "@/components/admin/admin-sections";
import { useUnreadMessages } from "@/components/admin/messages/use-messages-queries";
import {
  SECTION_PARAM,
  useConsoleSection,
} from "@/components/admin/data-table/use-console-address";
import { useIsNarrow } from "@/components/admin/use-is-narrow";
import { useLogout } from "@/components/auth/use-session-actions";
import { useSchoolName } from "@/components/school-brand";
import { Button } from "@/components/ui/button";
import { allowedSections, SECTION_TITLES, type Feature } from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/auth/session";
import { cn } from "@/lib/utils";

// The admin console shell (spec 001 §2): a collapsible sidebar listing the sections this admin may
// use, open by default from 768 px and closed below (where it also closes after a choice), the
// username and a logout button; the header names the current section. Sections switch in place,
// named in the address (`/?section=<feature key>`, use-console-address.ts), so reload, Back and
// bookmarks work. Each section's screen is in SECTION_SCREENS.
export function AdminConsole({ user }: { user: SessionUser }) {
  const shopName = useSchoolName();
  const sections = allowedSections(user);
  const { section, choose: show } = useConsoleSection(sections);
  const narrow = useIsNarrow();
  // undefined: follow the breakpoint (CSS decides before hydration, so phones never see a flash).
  const [openChoice, setOpenChoice] = useState<boolean | undefined>(undefined);
  const open = openChoice ?? (narrow === undefined ? undefined : !narrow);
  const logout = useLogout();
  const Screen = section ? SECTION_SCREENS[section] : undefined;
  const unread = useUnreadMessages(sections.includes("messages"));

  function choose(next: Feature) {
    show(next);
    if (narrow) setOpenChoice(false);
  }

  return (
    <div className="flex min-h-dvh bg-muted/30">
      {open && narrow && (
        <div
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          aria-hidden
          onClick={() => setOpenChoice(false)}
        />
      )}
      <aside
        id="admin-sidebar"
        aria-label="Admin sections"
        className={cn(
          "z-40 w-64 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground print:hidden",
          "fixed inset-y-0 left-0 md:sticky md:top-0 md:h-dvh",
          open === undefined ? "hidden md:flex" : open ? "flex" : "hidden",
        )}
      >
        <div className="border-b px-4 py-4">
          <p className="font-semibold">{shopName}</p>
          <p className="text-sm text-muted-foreground">Admin Console</p>
        </div>
        <nav className="flex-1 overflow-y-auto p-2">
          <ul className="grid gap-1">
            {sections.map((key) => (
              <li key={key}>
                <a
                  href={`/?${SECTION_PARAM}=${key}`}
                  aria-current={key === section ? "page" : undefined}
                  onClick={(event) => {
                    // A plain click switches in place; a new tab or window follows the link.
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
                      return;
                    }
                    event.preventDefault();
                    choose(key);
                  }}
                  className={cn(
                    "block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                    key === section && "bg-sidebar-accent font-medium",
                  )}
                >
                  {SECTION_TITLES[key]}
                  {key === "messages" && Boolean(unread) && (
                    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-2 border-t p-4">
          <p className="truncate text-sm">
            Signed in as <span className="font-medium">{user.username}</span>
          </p>
          <Button variant="outline" onClick={() => void logout()}>
            <LogOut aria-hidden /> Logout
          </Button>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b bg-background px-4 py-3 print:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label={
              open === false || (open === undefined && narrow) ? "Open sidebar" : "Close sidebar"
            }
            aria-controls="admin-sidebar"
            aria-expanded={open ?? !narrow}
            onClick={() => setOpenChoice(!(open ?? !narrow))}
          >
            <PanelLeft aria-hidden />
          </Button>
          <h1 className="text-lg font-semibold">
            {section ? SECTION_TITLES[section] : "Admin Console"}
          </h1>
        </header>
        <main className="min-w-0 flex-1 p-4 md:p-6">
          {Screen && <Screen />}
          {sections.length === 0 && (
            <p className="text-muted-foreground">
              Your account has no sections yet. Ask the superadmin to give you access.
            </p>
          )}
        </main>
      </div>
    </div>
  );
}
