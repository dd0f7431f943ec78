"use client";

import { LogOut, Menu, UserRound } from "lucide-react";
import Image from "next/image";
import { useState, type ReactNode } from "react";
import { useLogout } from "@/components/auth/use-session-actions";
import { LazyProfileDialog } from "@/components/portal/lazy-portal";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { SessionUser } from "@/lib/auth/session";
import { SHOP_NAME } from "@/lib/brand";

// The parent and teacher header (spec 000 §2): logo, title, actions and the welcome line. Below
// 768 px the actions sit in a dropdown menu. `extra` holds the badges and buttons other screens add.
export function PortalHeader({
  user,
  title,
  extra,
}: {
  user: SessionUser;
  title: string;
  extra?: ReactNode;
}) {
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = useLogout();

  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Image
          src="/logo.svg"
          alt=""
          width={40}
          height={40}
          className="size-10"
          priority
          unoptimized
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold">{SHOP_NAME}</p>
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
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Open menu">
                <Menu aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              <DropdownMenuLabel>Welcome, {user.username}</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
                <UserRound aria-hidden /> View Profile
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void logout()}>
                <LogOut aria-hidden /> Logout
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <p className="mx-auto hidden max-w-6xl px-4 pb-3 text-sm md:block">
        Welcome, <span className="font-medium">{user.username}</span>
      </p>
      {profileOpen && <LazyProfileDialog user={user} open onOpenChange={setProfileOpen} />}
    </header>
  );
}
