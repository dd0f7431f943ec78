"use client";

import { ChevronDown } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Switch } from "@/components/ui/switch";
import {
  FEATURES,
  hasFeature,
  isSuperadmin,
  SECTION_TITLES,
  type Feature,
} from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/auth/session";
import type { AdminUserDto } from "@/lib/contracts/people";
import { useTogglePermission } from "./use-admin-queries";

/** The admins (spec 001 §2, §6): each row expands to its feature toggles. */
export function AdminList({
  admins,
  loading,
  me,
  onChangePassword,
}: {
  admins: AdminUserDto[];
  loading: boolean;
  me: SessionUser;
  onChangePassword: (admin: AdminUserDto) => void;
}) {
  const toggle = useTogglePermission();
  // Only the superadmin may set another admin's password (spec 001 §5).
  const mayChangePassword = (admin: AdminUserDto) => isSuperadmin(me) && admin.id !== me.id;

  function flip(admin: AdminUserDto, feature: Feature, on: boolean) {
    const features = on
      ? FEATURES.filter((f) => f === feature || admin.allowedFeatures.includes(f))
      : admin.allowedFeatures.filter((f) => f !== feature);
    toggle.mutate({ id: admin.id, features });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Users</CardTitle>
        <CardDescription>Expand an admin to choose the sections they may use.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading admin users...</p>
        ) : admins.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No admin users found</p>
        ) : (
          <ul className="grid gap-2" aria-label="Admin users">
            {admins.map((admin) => (
              <AdminRow
                key={admin.id}
                admin={admin}
                me={me}
                onFlip={(feature, on) => flip(admin, feature, on)}
                onChangePassword={
                  mayChangePassword(admin) ? () => onChangePassword(admin) : undefined
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AdminRow({
  admin,
  me,
  onFlip,
  onChangePassword,
}: {
  admin: AdminUserDto;
  me: SessionUser;
  onFlip: (feature: Feature, on: boolean) => void;
  onChangePassword?: (() => void) | undefined;
}) {
  const self = admin.id === me.id;
  const superadmin = isSuperadmin(admin);
  // No toggles for oneself or the superadmin; otherwise the features the viewer holds.
  const editable = self || superadmin ? [] : FEATURES.filter((f) => hasFeature(me, f));
  return (
    <li>
      <Collapsible className="rounded-md border">
        <div className="flex flex-wrap items-center gap-2 px-3 py-2">
          <CollapsibleTrigger asChild>
            <Button
              variant="ghost"
              className="group h-auto min-w-0 flex-1 flex-wrap justify-start px-2 py-1 text-left whitespace-normal"
            >
              <ChevronDown
                aria-hidden
                className="transition-transform group-data-[state=open]:rotate-180"
              />
              <span className="font-medium break-all">{admin.username}</span>
              {self && <span className="text-sm text-muted-foreground">(Current user)</span>}
              {superadmin && <Badge variant="secondary">Superadmin</Badge>}
            </Button>
          </CollapsibleTrigger>
          <span className="text-sm text-muted-foreground">
            {admin.allowedFeatures.length} of {FEATURES.length} features
          </span>
          {onChangePassword && (
            <Button size="sm" variant="outline" onClick={onChangePassword}>
              Change Password
            </Button>
          )}
        </div>
        <CollapsibleContent className="border-t px-4 py-3">
          {editable.length === 0 ? (
            <div className="grid gap-2 text-sm">
              <p className="text-muted-foreground">
                {self
                  ? "You cannot modify your own permissions. Contact another admin for permission changes."
                  : superadmin
                    ? "The superadmin has every feature."
                    : "You hold no features you could grant."}
              </p>
              <div className="flex flex-wrap gap-1">
                {admin.allowedFeatures.map((feature) => (
                  <Badge key={feature} variant="outline">
                    {SECTION_TITLES[feature]}
                  </Badge>
                ))}
              </div>
            </div>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {editable.map((feature) => {
                const id = `feature-${admin.id}-${feature}`;
                return (
                  <li key={feature} className="flex items-center justify-between gap-3">
                    <label htmlFor={id} className="text-sm">
                      {SECTION_TITLES[feature]}
                    </label>
                    <Switch
                      id={id}
                      checked={admin.allowedFeatures.includes(feature)}
                      onCheckedChange={(on) => onFlip(feature, on)}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}
