"use client";

import { LogOut, MessageSquare, Tag, UserRound } from "lucide-react";
import { MenuButton } from "@/components/account/menu-button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MyDiscountCodeDto } from "@/lib/contracts";

// The header's actions below 768 px as a dropdown menu (spec 000 §2): the discount code, Contact,
// View Profile and Logout. Loaded by <PortalHeader> on the first press of its trigger, and opened
// at once.
export function HeaderMenu({
  username,
  open,
  onOpenChange,
  onProfile,
  onLogout,
  onContact,
  discount,
}: {
  username: string;
  /** Contact Us, when the screen offers it. */
  onContact?: () => void;
  /** The caller's discount code, when there is one. */
  discount?: MyDiscountCodeDto | null;
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
        <DropdownMenuLabel className="[overflow-wrap:anywhere]">
          Welcome, {username}
        </DropdownMenuLabel>
        {discount && (
          <DropdownMenuLabel className="flex items-center gap-2 font-normal text-success">
            <Tag aria-hidden className="size-4" /> {discount.code} · {discount.discountPercentage}%
            off
          </DropdownMenuLabel>
        )}
        <DropdownMenuSeparator />
        {onContact && (
          <DropdownMenuItem onSelect={onContact}>
            <MessageSquare aria-hidden /> Contact
          </DropdownMenuItem>
        )}
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
