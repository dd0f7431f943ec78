"use client";

import { useTable } from "@tanstack/react-table";
import { Search, Send } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import {
  orderRowId,
  orderTableFeatures,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { CountedPager } from "@/components/admin/data-table/pager";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatInstant, gradeLabel } from "@/lib/client/format";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import {
  ROLL_GUARDIAN_STATE_LABELS,
  ROLL_LIST_STATUSES,
  ROLL_SEARCH_MAX,
  ROLL_STATUS_LABELS,
  type RollChildDto,
  type RollGuardianDto,
  type RollGuardianState,
  type RollListStatus,
} from "@/lib/contracts/roll";
import { useReinvite, useRoll } from "./use-roll-queries";

// Parents & Students › School roll (decision 0120, "Changed later"): the children of the imported
// roll, those still waiting for a guardian to claim them first; each guardian's latest link (sent,
// until, claimed) on the school's clock; "Send links again" for a child's waiting guardians.

const STATE_BADGES: Record<RollGuardianState, "success" | "secondary" | "warning" | "outline"> = {
  linked: "success",
  invited: "secondary",
  expired: "warning",
  not_invited: "outline",
};

/** A guardian who can be sent a link: an address, and not yet a guardian of the Student. */
const waitsWithEmail = (child: RollChildDto) =>
  child.guardians.some((g) => g.email !== null && g.state !== "linked");

function GuardianLine({ guardian, timeZone }: { guardian: RollGuardianDto; timeZone: string }) {
  const when = (instant: string | null) => (instant ? formatInstant(instant, timeZone) : "");
  const dates =
    guardian.state === "linked" && guardian.claimedAt
      ? [`Claimed ${when(guardian.claimedAt)}`]
      : guardian.state === "invited"
        ? [`Sent ${when(guardian.invitedAt)}`, `works until ${when(guardian.expiresAt)}`]
        : guardian.state === "expired"
          ? [`Sent ${when(guardian.invitedAt)}`, `expired ${when(guardian.expiresAt)}`]
          : guardian.state === "not_invited" && !guardian.email
            ? ["No e-mail address on the roll"]
            : [];
  return (
    <li className="grid gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{guardian.name}</span>
        <Badge variant={STATE_BADGES[guardian.state]}>
          {ROLL_GUARDIAN_STATE_LABELS[guardian.state]}
        </Badge>
      </span>
      {(guardian.email ?? guardian.phone) && (
        <span className="text-xs text-muted-foreground">
          {guardian.email && <span className="break-all">{guardian.email}</span>}
          {guardian.email && guardian.phone && " · "}
          {guardian.phone && <span className="whitespace-nowrap">{guardian.phone}</span>}
        </span>
      )}
      {dates.map((line) => (
        <span key={line} className="text-xs text-muted-foreground">
          {line}
        </span>
      ))}
    </li>
  );
}

function useRollColumns(timeZone: string, reinvite: ReturnType<typeof useReinvite>) {
  const busyId = reinvite.isPending ? reinvite.variables : null;
  return useMemo<OrderColumn<RollChildDto>[]>(
    () => [
      {
        id: "child",
        header: "Child",
        cell: ({ row }) => (
          <span className="block max-w-40 min-w-28 break-words whitespace-normal">
            <span className="font-medium">{row.original.name}</span>
            <span className="block text-xs text-muted-foreground">
              {row.original.student
                ? `On ${row.original.student.parentName}'s account`
                : "Waiting for a guardian"}
            </span>
          </span>
        ),
      },
      {
        id: "grade",
        header: "Grade / class",
        cell: ({ row }) => (
          <span className="block whitespace-nowrap">
            {gradeLabel(row.original.grade)}
            {row.original.className && (
              <span className="block text-xs text-muted-foreground">
                Class {row.original.className}
              </span>
            )}
          </span>
        ),
      },
      {
        id: "guardians",
        header: "Guardians",
        cell: ({ row }) => (
          <ul className="grid max-w-64 min-w-52 gap-2 whitespace-normal">
            {row.original.guardians.map((guardian) => (
              <GuardianLine key={guardian.slot} guardian={guardian} timeZone={timeZone} />
            ))}
          </ul>
        ),
      },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) =>
          waitsWithEmail(row.original) ? (
            <Button
              size="sm"
              variant="outline"
              className="min-h-9"
              disabled={busyId === row.original.id}
              onClick={() => reinvite.mutate(row.original.id)}
              aria-label={`Send ${row.original.name}'s links again`}
            >
              <Send aria-hidden /> Send links again
            </Button>
          ) : null,
      },
    ],
    [busyId, reinvite, timeZone],
  );
}

export function RollCard() {
  const [status, setStatus] = useState<RollListStatus>("waiting");
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query = useRoll(status, search, page);
  const reinvite = useReinvite();
  const { timeZone } = useSchoolBrand();
  const columns = useRollColumns(timeZone, reinvite);
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: query.data?.data ?? [],
    getRowId: orderRowId,
  });

  function runSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(input.trim().slice(0, ROLL_SEARCH_MAX));
    setPage(1);
  }

  const counts = query.data?.counts;
  const meta = query.data?.metadata;

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>School roll</CardTitle>
        <CardDescription>
          The children of the imported roll: who still waits for a guardian to claim them, when each
          guardian was sent a link, and who claimed. Times are the school&apos;s.
        </CardDescription>
      </CardHeader>
      {/* The tabs choose the list below them: its panel is the table (for assistive technology,
          each tab controls a panel that exists). */}
      <CardContent>
        <Tabs
          value={status}
          onValueChange={(value) => {
            setStatus(value as RollListStatus);
            setPage(1);
          }}
          className="gap-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <TabsList aria-label="Show children">
              {ROLL_LIST_STATUSES.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {ROLL_STATUS_LABELS[value]}
                  {counts ? ` (${counts[value]})` : ""}
                </TabsTrigger>
              ))}
            </TabsList>
            <form
              method="post"
              action={NO_SCRIPT_ACTION}
              onSubmit={runSearch}
              className="flex flex-1 basis-64 gap-2"
              role="search"
            >
              <Input
                aria-label="Search the roll"
                placeholder="Child or guardian name or e-mail"
                className="min-w-0 flex-1"
                maxLength={ROLL_SEARCH_MAX}
                value={input}
                onChange={(e) => setInput(e.target.value)}
              />
              <Button type="submit" variant="outline">
                <Search aria-hidden /> Find
              </Button>
            </form>
          </div>
          <TabsContent value={status} className="grid gap-4">
            <DataTable
              table={table}
              message={tableMessage(
                { loading: query.isPending, failed: Boolean(query.error) },
                {
                  loading: "Loading the roll…",
                  failed: "Failed to fetch the school roll",
                  empty: search
                    ? `No child or guardian on the roll matches "${search}"`
                    : status === "waiting"
                      ? "No child is waiting for a guardian"
                      : "No children on the roll yet: import it with “Import roll…”",
                },
              )}
            />
            <CountedPager metadata={meta} noun="children" onPageChange={setPage} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
