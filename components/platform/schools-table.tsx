"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import type { PlatformSchoolDto } from "@/lib/contracts/platform";
import { exportUrl } from "./platform-api";
import { EditSchoolDialog } from "./school-dialogs";
import { useUpdateSchool } from "./use-platform";

// The schools, one row each: what it is, where it answers, how big it is, and what the operator
// can do with it. The table scrolls sideways inside its own box on a narrow screen.

export const SUSPENSION_EFFECT =
  "Parents and teachers cannot order or pay; admins can still sign in, read and export.";
const REACTIVATION_EFFECT = "Parents and teachers can order and pay again.";

/** The day the school was created, on its own calendar. */
function createdDay(school: PlatformSchoolDto): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: school.timeZone,
  }).format(new Date(school.createdAt));
}

const count = (n: number) => n.toLocaleString("en-GB");

export function SchoolsTable({ schools }: { schools: readonly PlatformSchoolDto[] }) {
  const [editing, setEditing] = useState<PlatformSchoolDto | null>(null);
  // The school asked about stays named while its question closes.
  const [confirming, setConfirming] = useState<PlatformSchoolDto | null>(null);
  const [asking, setAsking] = useState(false);
  const update = useUpdateSchool((school) =>
    toastSuccess(
      school.status === "suspended" ? `${school.name} suspended` : `${school.name} reactivated`,
    ),
  );
  const suspending = confirming?.status === "active";

  function changeStatus(school: PlatformSchoolDto) {
    update.mutate(
      { id: school.id, changes: { status: school.status === "active" ? "suspended" : "active" } },
      { onError: (error) => toastError(error, "Failed to change the school's status") },
    );
  }

  return (
    <>
      <Table aria-label="Schools">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead>Addresses</TableHead>
            <TableHead>Time zone</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Parents</TableHead>
            <TableHead className="text-right">Students</TableHead>
            <TableHead className="text-right">Orders</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {schools.map((school) => (
            <TableRow key={school.id}>
              <TableCell className="font-medium">{school.name}</TableCell>
              <TableCell className="font-mono text-xs">{school.slug}</TableCell>
              <TableCell>
                <ul className="grid gap-0.5">
                  {school.hosts.map((host) => (
                    <li key={host} className="font-mono text-xs">
                      {host}
                    </li>
                  ))}
                </ul>
              </TableCell>
              <TableCell>{school.timeZone}</TableCell>
              <TableCell>
                <Badge variant={school.status === "active" ? "success" : "warning"}>
                  {school.status === "active" ? "Active" : "Suspended"}
                </Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {count(school.counts.parents)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {count(school.counts.students)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {count(school.counts.orders)}
              </TableCell>
              <TableCell>{createdDay(school)}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${school.name}`}
                    onClick={() => setEditing(school)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant={school.status === "active" ? "destructive" : "secondary"}
                    aria-label={`${school.status === "active" ? "Suspend" : "Reactivate"} ${school.name}`}
                    disabled={update.isPending && update.variables?.id === school.id}
                    onClick={() => {
                      setConfirming(school);
                      setAsking(true);
                    }}
                  >
                    {school.status === "active" ? "Suspend" : "Reactivate"}
                  </Button>
                  <a
                    href={exportUrl(school.id)}
                    download
                    aria-label={`Export ${school.name}`}
                    className={buttonVariants({ size: "sm", variant: "ghost" })}
                  >
                    <Download aria-hidden />
                    Export
                  </a>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing ? (
        <EditSchoolDialog key={editing.id} school={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`${suspending ? "Suspend" : "Reactivate"} ${confirming?.name ?? ""}?`}
        description={suspending ? SUSPENSION_EFFECT : REACTIVATION_EFFECT}
        actionLabel={suspending ? "Suspend" : "Reactivate"}
        destructive={suspending}
        onConfirm={() => confirming && changeStatus(confirming)}
      />
    </>
  );
}
