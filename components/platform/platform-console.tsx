"use client";

import { LogOut, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/api";
import type { PlatformOperatorDto } from "@/lib/contracts/platform";
import { PlatformSignIn } from "./platform-sign-in";
import { CreateSchoolDialog } from "./school-dialogs";
import { SchoolsTable } from "./schools-table";
import { useOperator, useSchools, useSignOut } from "./use-platform";

// The operators' console (issue 45) at /platform: its own sign-in, then every school with what
// the operator does to one (create, edit, suspend or reactivate, export). It speaks only to
// /api/platform, which answers on the platform's address alone.

export function PlatformConsole() {
  const operator = useOperator();
  if (operator.isPending) {
    return (
      <div role="status" aria-label="Loading" className="mx-auto grid max-w-6xl gap-4 p-6">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (operator.isError) {
    return (
      <main className="mx-auto grid max-w-md gap-4 p-6 text-center">
        <p role="alert">{errorMessage(operator.error, "The platform could not be reached.")}</p>
        <Button variant="outline" onClick={() => void operator.refetch()}>
          Try again
        </Button>
      </main>
    );
  }
  return operator.data ? <Console operator={operator.data} /> : <PlatformSignIn />;
}

function Console({ operator }: { operator: PlatformOperatorDto }) {
  const signOut = useSignOut();
  const [creating, setCreating] = useState(false);
  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <h1 className="text-xl font-semibold tracking-tight">Platform</h1>
          <div className="flex min-w-0 items-center gap-3">
            <span className="truncate text-sm text-muted-foreground">
              Signed in as <span className="font-medium text-foreground">{operator.username}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              <LogOut aria-hidden />
              Log out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-screen-2xl min-w-0 gap-4 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Schools</h2>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New school
          </Button>
        </div>
        <Schools />
      </main>
      <CreateSchoolDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function Schools() {
  const schools = useSchools();
  if (schools.isPending) return <Skeleton className="h-64 w-full" />;
  if (schools.isError) {
    return (
      <div className="grid justify-items-start gap-2 rounded-lg border bg-background p-4">
        <p role="alert">{errorMessage(schools.error, "Failed to fetch schools")}</p>
        <Button variant="outline" size="sm" onClick={() => void schools.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (schools.data.length === 0) {
    return <p className="rounded-lg border bg-background p-4">No schools yet.</p>;
  }
  return (
    <div className="min-w-0 rounded-lg border bg-background">
      <SchoolsTable schools={schools.data} />
    </div>
  );
}
