"use client";

import { useState } from "react";
import { FEATURES, hasFeature } from "@/lib/contracts/permissions";
import type { AdminUserDto } from "@/lib/contracts/people";
import { AdminList } from "./admin-list";
import { ChangePasswordDialog } from "./change-password-dialog";
import { CreateAdminForm } from "./create-admin-form";
import { useAdminUsers, useCurrentUser } from "./use-admin-queries";

/**
 * Admin Users (spec 001 §2, §4, §6): create an admin, list the admins with their feature toggles
 * (applied at once, restored when the server refuses), and the Change Password dialog. The server
 * enforces every rule; the screen only hides what would be refused.
 */
export function AdminUsersSection() {
  const me = useCurrentUser();
  const admins = useAdminUsers();
  const [passwordFor, setPasswordFor] = useState<AdminUserDto | null>(null);

  if (!me.data) {
    return <p className="text-sm text-muted-foreground">Loading admin users...</p>;
  }
  const user = me.data;
  const grantable = FEATURES.filter((feature) => hasFeature(user, feature));

  return (
    <div className="grid gap-6">
      <CreateAdminForm grantable={grantable} />
      <AdminList
        admins={admins.data ?? []}
        loading={admins.isPending}
        me={user}
        onChangePassword={setPasswordFor}
      />
      <ChangePasswordDialog target={passwordFor} onClose={() => setPasswordFor(null)} />
    </div>
  );
}
