"use client";

import { ArrowUpNarrowWide, FileUp, Plus, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { ParentDto } from "@/lib/contracts/people";
import { PARENT_SEARCH_MIN, SEARCH_HINT, type ParentsRole } from "@/lib/validations/people";
import { FilterSelect } from "@/components/admin/data-table/filter-select";
import { ConfirmDeleteDialog, ForceDeleteDialog } from "./delete-dialogs";
import { ParentDialog } from "./parent-dialog";
import { ParentsTable } from "./parents-table";
import { PromotionDialog } from "./promotion-dialog";
import { RollCard } from "./roll-card";
import { RollImportDialog } from "./roll-import-dialog";
import { AdminStudentDialog, type StudentDialogTarget } from "./student-dialog";
import { useDelete, useParents, type DeleteTarget, type ForcePrompt } from "./use-parents-queries";
import { CountedPager } from "@/components/admin/data-table/pager";
import { AnnouncementsTab } from "@/components/admin/announcements/announcements-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import {
  useAddressPage,
  useAddressParams,
  useAddressValue,
} from "@/components/admin/data-table/use-console-address";

/** The list's filter (issue 44): the spec's parents by default, or the teachers. */
const ROLE_OPTIONS = [
  { value: "parent", label: "Parents" },
  { value: "teacher", label: "Teachers" },
] as const;

/**
 * Parents & Students: the families' accounts, and the school's announcements to them (issue 48),
 * two tabs, the shown one in the address (`&view=announcements`).
 */
export function ParentsStudentsSection() {
  const [view, setView] = useAddressValue("view", "accounts");
  return (
    <Tabs
      value={view === "announcements" ? "announcements" : "accounts"}
      onValueChange={setView}
      className="gap-4"
    >
      <TabsList className="w-full justify-start sm:w-fit">
        <TabsTrigger value="accounts">Accounts</TabsTrigger>
        <TabsTrigger value="announcements">Announcements</TabsTrigger>
      </TabsList>
      <TabsContent value="accounts">
        <FamilyAccounts />
      </TabsContent>
      <TabsContent value="announcements">
        <AnnouncementsTab />
      </TabsContent>
    </Tabs>
  );
}

/**
 * The accounts (spec 001 §2, §4, §5): search by parent username or student name (3
 * characters at least, else a hint and no request), the paged list of parents that expand to
 * their students, the parent and student dialogs, and deletion with a second, forced step when
 * the server says orders exist.
 */
function FamilyAccounts() {
  // The search and the page are in the address (issue 25: `&q=chanda&page=2`).
  const address = useAddressParams();
  const search = address.get("q") ?? "";
  const [input, setInput] = useState(search);
  const [hint, setHint] = useState(false);
  const [page, setPage] = useAddressPage();
  const [roleValue, setRole] = useAddressValue("role", "parent");
  const role: ParentsRole = roleValue === "teacher" ? "teacher" : "parent";
  const teachers = role === "teacher";
  const parents = useParents(page, search, role);

  const [editing, setEditing] = useState<ParentDto | null>(null);
  const [parentDialogOpen, setParentDialogOpen] = useState(false);
  const [studentTarget, setStudentTarget] = useState<StudentDialogTarget | null>(null);
  const [confirm, setConfirm] = useState<DeleteTarget | null>(null);
  const [force, setForce] = useState<ForcePrompt | null>(null);
  const [promoting, setPromoting] = useState(false);
  const [importing, setImporting] = useState(false);
  const remove = useDelete(setForce);

  function runSearch(event: FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (text.length > 0 && text.length < PARENT_SEARCH_MIN) {
      setHint(true);
      return;
    }
    setHint(false);
    address.set({ q: text, page: null });
  }

  function openParentDialog(parent: ParentDto | null) {
    setEditing(parent);
    setParentDialogOpen(true);
  }

  const data = parents.data;
  const rows = data?.data ?? [];
  const meta = data?.metadata;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Search</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2">
          <form
            method="post"
            action={NO_SCRIPT_ACTION}
            onSubmit={runSearch}
            className="flex flex-wrap gap-2"
            role="search"
          >
            <Input
              aria-label="Search parents"
              placeholder="Parent username or student name"
              className="min-w-0 flex-1"
              value={input}
              onChange={(e) => {
                setInput(e.target.value);
                if (hint) setHint(false);
              }}
            />
            <Button type="submit">
              <Search aria-hidden /> Search
            </Button>
          </form>
          {hint && (
            <p role="status" className="text-sm text-destructive">
              {SEARCH_HINT}
            </p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Search tips</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Search by parent username, e.g. &quot;mwansa&quot;.</li>
            <li>
              Search by student name to find the student&apos;s parent, e.g. &quot;Chanda&quot;.
            </li>
            <li>
              Type at least 3 characters; case does not matter. Clear the box to list everyone.
            </li>
          </ul>
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardTitle>{teachers ? "Teachers" : "Parents"}</CardTitle>
            <CardDescription>
              {search
                ? `Results for "${search}"`
                : teachers
                  ? "Every teacher account, by username: credit and password as for parents."
                  : "Every parent account, by username."}
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <FilterSelect
              label="Show accounts"
              value={role}
              onChange={setRole}
              options={ROLE_OPTIONS}
              className="w-36"
            />
            {!teachers && (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <FileUp aria-hidden /> Import roll…
              </Button>
            )}
            {!teachers && (
              <Button variant="outline" onClick={() => setPromoting(true)}>
                <ArrowUpNarrowWide aria-hidden /> Move up a grade…
              </Button>
            )}
            <Button onClick={() => openParentDialog(null)}>
              <Plus aria-hidden /> Add Parent
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {parents.isPending ? (
            <p className="text-sm text-muted-foreground">
              {teachers ? "Loading teachers..." : "Loading parents..."}
            </p>
          ) : rows.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">
              {search ? "No results found" : teachers ? "No teachers found" : "No parents found"}
            </p>
          ) : (
            <ParentsTable
              parents={rows}
              teachers={teachers}
              onEdit={openParentDialog}
              onAddStudent={(parent) => setStudentTarget({ parent })}
              onEditStudent={(student) => setStudentTarget({ student })}
              onDelete={setConfirm}
            />
          )}
          <CountedPager
            metadata={meta}
            noun={teachers ? "teachers" : "parents"}
            onPageChange={setPage}
          />
        </CardContent>
      </Card>

      <ParentDialog
        key={editing?.id ?? "new"}
        open={parentDialogOpen}
        parent={editing}
        teacher={teachers && editing !== null}
        onOpenChange={setParentDialogOpen}
      />
      <AdminStudentDialog
        key={studentTarget?.student ? `student-${studentTarget.student.id}` : "new-student"}
        target={studentTarget}
        onClose={() => setStudentTarget(null)}
      />
      <ConfirmDeleteDialog
        target={confirm}
        onCancel={() => setConfirm(null)}
        onConfirm={(target) => {
          setConfirm(null);
          remove.mutate({ target, force: false });
        }}
      />
      <PromotionDialog open={promoting} onOpenChange={setPromoting} />
      <RollImportDialog open={importing} onOpenChange={setImporting} />
      <ForceDeleteDialog
        prompt={force}
        onCancel={() => setForce(null)}
        onConfirm={(prompt) => {
          setForce(null);
          remove.mutate({ target: prompt, force: true });
        }}
      />
      <RollCard />
    </div>
  );
}
