"use client";

import { LogOut, UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { LazyHeaderMenu, LazyProfileDialog } from "@/components/account/lazy-account";
import { MenuButton } from "@/components/account/menu-button";
import { useOpenProfileSettings } from "@/components/portal/open-profile";
import { useSchoolBrand } from "@/components/school-brand";
import { useLogout } from "@/components/auth/use-session-actions";
import { useMyDiscountCode } from "@/components/portal/use-portal-queries";
import { Button } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/session";
import { SCHOOL_CLOSED_MESSAGE } from "@/lib/contracts/schools";

// The parent and teacher header (spec 000 §2): logo, title, actions and the welcome line. Below
// 768 px the actions, the discount code and Contact included, sit in a dropdown menu, whose code
// (Radix's menu and its positioning) is fetched on the first press of its button. `extra` holds
// the badges and buttons other screens add from 768 px up; `onContact` is the menu's Contact.
export function PortalHeader({
  user,
  title,
  extra,
  onContact,
}: {
  user: SessionUser;
  title: string;
  extra?: ReactNode;
  onContact?: () => void;
}) {
  const { name: shopName, closed } = useSchoolBrand();
  const discount = useMyDiscountCode().data;
  const [profileOpen, setProfileOpen] = useState(false);
  // null until the menu button is first pressed; from then on the loaded dropdown menu is shown.
  const [menuOpen, setMenuOpen] = useState<boolean | null>(null);
  const logout = useLogout();
  useOpenProfileSettings(() => setProfileOpen(true));

  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        {/* A plain <img>: the logo is a small SVG served as it is, so next/image (unoptimized here)
            would only add its client code to every parent's and teacher's first download. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src="/logo.svg" alt="" width={40} height={40} className="size-10" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold">{shopName}</h1>
          <p className="truncate text-sm text-muted-foreground">{title}</p>
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {extra}
          <Button variant="outline" onClick={() => setProfileOpen(true)}>
            <UserRound aria-hidden /> View Profile
          </Button>
          <Button variant="ghost" onClick={() => void logout()}>
            <LogOut aria-hidden /> Logout
          </Button>
        </div>
        <div className="md:hidden">
          {menuOpen === null ? (
            <MenuButton
              aria-haspopup="menu"
              aria-expanded={false}
              onClick={() => setMenuOpen(true)}
            />
          ) : (
            <LazyHeaderMenu
              username={user.username}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onProfile={() => setProfileOpen(true)}
              onLogout={() => void logout()}
              onContact={onContact}
              discount={discount}
            />
          )}
        </div>
      </div>
      <p className="mx-auto hidden max-w-6xl px-4 pb-3 text-sm [overflow-wrap:anywhere] md:block">
        Welcome, <span className="font-medium">{user.username}</span>
      </p>
      {closed && (
        // A suspended school (decision 0077): said once, above every screen of the portal.
        <p
          role="status"
          className="border-t border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950"
        >
          {SCHOOL_CLOSED_MESSAGE}
        </p>
      )}
      {profileOpen && <LazyProfileDialog user={user} open onOpenChange={setProfileOpen} />}
    </header>
  );
}
