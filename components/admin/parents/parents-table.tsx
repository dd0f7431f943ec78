"use client";

import { ChevronDown, ChevronRight, Pencil, Plus, Trash2 } from "lucide-react";
import { Fragment, useState } from "react";
import { AllergyFlag } from "@/components/admin/data-table/allergy-flag";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { ParentCredit } from "@/components/admin/parents/parent-credit";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { gradeLabel } from "@/lib/client/format";
import type { ParentDto, ParentStudentDto } from "@/lib/contracts/people";
import type { DeleteTarget } from "./use-parents-queries";

// Parents & Students' table (spec 001 §2): a row per parent that expands to the parent's
// students (with their allergy flags), the student actions, Add Student and the account's credit.

export function ParentsTable({
  parents,
  teachers = false,
  onEdit,
  onAddStudent,
  onEditStudent,
  onDelete,
}: {
  parents: ParentDto[];
  /**
   * Teachers (issue 44): edited (password too) and credited as parents are, but their staff record
   * is theirs to manage and their account is not deleted here.
   */
  teachers?: boolean;
  onEdit: (parent: ParentDto) => void;
  onAddStudent: (parent: ParentDto) => void;
  onEditStudent: (student: ParentStudentDto) => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <span className="sr-only">Expand</span>
          </TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Phone</TableHead>
          <TableHead>Students</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {parents.map((parent) => {
          const expanded = open.has(parent.id);
          return (
            <Fragment key={parent.id}>
              <TableRow>
                <TableCell>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-expanded={expanded}
                    aria-label={`${expanded ? "Hide" : "Show"} students of ${parent.username}`}
                    onClick={() => toggle(parent.id)}
                  >
                    {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                  </Button>
                </TableCell>
                <TableCell className="font-medium">
                  <TruncatedText text={parent.username} className="max-w-44" />
                </TableCell>
                <TableCell>
                  <TruncatedText text={parent.name} className="max-w-44" />
                </TableCell>
                <TableCell>
                  {parent.email ? <TruncatedText text={parent.email} className="max-w-52" /> : "—"}
                </TableCell>
                <TableCell>{parent.phone ?? "—"}</TableCell>
                <TableCell>{parent.students.length}</TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${parent.username}`}
                    onClick={() => onEdit(parent)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  {!teachers && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${parent.username}`}
                      onClick={() =>
                        onDelete({ kind: "parent", id: parent.id, label: parent.username })
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </TableCell>
              </TableRow>
              {expanded && (
                <TableRow className="bg-muted/30 hover:bg-muted/30">
                  <TableCell colSpan={7} className="whitespace-normal">
                    <div className="grid gap-2 py-1 pl-10">
                      {parent.students.length === 0 ? (
                        <p className="text-sm text-muted-foreground">No students yet.</p>
                      ) : (
                        <ul className="grid gap-1" aria-label={`Students of ${parent.username}`}>
                          {parent.students.map((student) => (
                            <li key={student.id} className="flex items-center gap-3 text-sm">
                              <div className="grid min-w-0">
                                <span>
                                  <span className="font-medium break-words">{student.name}</span>{" "}
                                  <span className="text-muted-foreground">
                                    {gradeLabel(student.grade)}
                                    {student.className && `, class ${student.className}`}
                                  </span>
                                </span>
                                <AllergyFlag student={student} />
                              </div>
                              {!teachers && (
                                <>
                                  <Button
                                    variant="ghost"
                                    size="icon"
                                    aria-label={`Edit ${student.name}`}
                                    onClick={() => onEditStudent(student)}
                                  >
                                    <Pencil aria-hidden />
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    size="icon"
                                    aria-label={`Delete ${student.name}`}
                                    onClick={() =>
                                      onDelete({
                                        kind: "student",
                                        id: student.id,
                                        label: student.name,
                                      })
                                    }
                                  >
                                    <Trash2 aria-hidden />
                                  </Button>
                                </>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                      {!teachers && (
                        <div>
                          <Button size="sm" variant="outline" onClick={() => onAddStudent(parent)}>
                            <Plus aria-hidden /> Add Student
                          </Button>
                        </div>
                      )}
                      <ParentCredit parent={parent} />
                    </div>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
