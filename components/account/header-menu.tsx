"use client";

import { LogOut, UserRound } from "lucide-react";
import { MenuButton } from "@/components/account/menu-button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

// The header's actions below 768 px as a dropdown menu (spec 000 §2). Loaded by <PortalHeader>
// on the first press of its trigger, and opened at once.
export function HeaderMenu({
  username,
  open,
  onOpenChange,
  onProfile,
  onLogout,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onProfile: () => void;
  onLogout: () => void;
}) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <MenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Welcome, {username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onProfile}>
          <UserRound aria-hidden /> View Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
