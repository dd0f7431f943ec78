"use client";

import { downloadCsv } from "@/lib/client/download-csv";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Fragment, useId, useState, type ChangeEvent } from "react";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, ApiRequestError } from "@/lib/client/api";
import {
  ROLL_INVITE_DAYS,
  ROLL_MAX_BYTES,
  ROLL_REINVITE_DAYS,
  ROLL_TEMPLATE_CSV,
  type RollErrorDto,
  type RollPreviewDto,
  type RollSummaryDto,
} from "@/lib/contracts/roll";
import { PARENTS_KEY } from "./use-parents-queries";

// Parents & Students › Import roll… (issue 49, decision 0120): the office chooses the school's CSV,
// the server checks every row and answers every problem (row, column, what is wrong) or what the
// import would do; Import then applies the whole file in one transaction, or nothing.

export const ROLL_TEMPLATE_FILE = "school-roll-template.csv";

function downloadTemplate() {
  downloadCsv(ROLL_TEMPLATE_CSV, ROLL_TEMPLATE_FILE);
}

/** The file's text (UTF-8), by FileReader: every browser the office uses has it. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsText(file);
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Problems({ errors, more }: { errors: RollErrorDto[]; more: number }) {
  const total = errors.length + more;
  return (
    <section aria-label="Problems" className="grid min-w-0 gap-2 text-sm">
      <p role="alert" className="font-medium text-destructive">
        {plural(total, "problem", "problems")} in the file: nothing will be imported. Fix{" "}
        {total === 1 ? "it" : "them"} in the file and choose it again.
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        {/* Words whole (the dialog breaks anywhere): a column name breaks only after its "_". */}
        <table className="w-full text-left [overflow-wrap:normal]">
          <caption className="sr-only">Problems in the file</caption>
          <thead className="sticky top-0 bg-background text-muted-foreground">
            <tr>
              <th className="w-px px-2 py-1 font-normal whitespace-nowrap">Row</th>
              <th className="px-2 py-1 font-normal whitespace-nowrap">Column</th>
              <th className="px-2 py-1 font-normal">Problem</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, i) => (
              <tr key={i} className="border-t align-top">
                <td className="px-2 py-1 tabular-nums">{error.row}</td>
                {/* A break may follow each "_": guardian1_/email on a phone. */}
                <td className="px-2 py-1">
                  {error.column.split("_").map((part, j) => (
                    <Fragment key={j}>
                      {j > 0 && (
                        <>
                          _<wbr />
                        </>
                      )}
                      {part}
                    </Fragment>
                  ))}
                </td>
                <td className="px-2 py-1">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p className="text-muted-foreground">…and {more} more.</p>}
    </section>
  );
}

function Summary({ summary }: { summary: RollSummaryDto }) {
  const lines = [
    `${plural(summary.children, "child", "children")} in the file: ${summary.added} new, ` +
      `${summary.updated} updated, ${summary.unchanged} unchanged.`,
    `${plural(summary.linked, "guardian", "guardians")} with an account linked now.`,
    `${plural(summary.invited, "invitation", "invitations")} to send by e-mail` +
      (summary.smsInvites > 0 ? ` (${summary.smsInvites} also by SMS)` : "") +
      `; each link works once, for ${ROLL_INVITE_DAYS} days.`,
  ];
  if (summary.recentlyInvited > 0) {
    lines.push(
      `${plural(summary.recentlyInvited, "guardian was", "guardians were")} invited in the last ` +
        `${ROLL_REINVITE_DAYS} days: not invited again.`,
    );
  }
  if (summary.notReachable > 0) {
    lines.push(
      `${plural(summary.notReachable, "guardian has", "guardians have")} no e-mail address: ` +
        "not invited.",
    );
  }
  return (
    <section aria-label="What the import does" className="grid gap-1 text-sm">
      <ul className="list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

type Checked = { csv: string; name: string; preview: RollPreviewDto };

export function RollImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const inputId = useId();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const check = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > ROLL_MAX_BYTES) {
        const errors = [
          { row: 1, column: "file", message: `Larger than ${ROLL_MAX_BYTES / 1024} KB: split it.` },
        ];
        return { csv: "", name: file.name, preview: { errors, moreErrors: 0, summary: null } };
      }
      const csv = await readText(file);
      const preview = await api("/api/parents/roll/preview", { method: "POST", body: { csv } });
      return { csv, name: file.name, preview };
    },
    onSuccess: setChecked,
    onError: (error) => toastError(error, "Failed to check the file"),
  });
  const run = useMutation({
    mutationFn: (csv: string) => api("/api/parents/roll", { method: "POST", body: { csv } }),
    onSuccess: (done) => {
      toastSuccess("Roll imported", done.message);
      void client.invalidateQueries({ queryKey: PARENTS_KEY });
      close(false);
    },
    onError: (error) => {
      // The file changed meanwhile (another upload): the server's list replaces the preview.
      const body = error instanceof ApiRequestError ? error.body : undefined;
      const errors = body?.errors;
      if (checked && Array.isArray(errors)) {
        const more = typeof body?.moreErrors === "number" ? body.moreErrors : 0;
        setChecked({
          ...checked,
          preview: { errors: errors as RollErrorDto[], moreErrors: more, summary: null },
        });
      }
      toastError(error, "Failed to import the roll");
    },
  });

  function close(next: boolean) {
    if (!next) {
      setChecked(null);
      setFileKey((k) => k + 1);
    }
    onOpenChange(next);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setChecked(null);
    if (file) check.mutate(file);
  }

  const preview = checked?.preview;
  const ready = preview?.summary && preview.errors.length === 0;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import the school roll</DialogTitle>
          <DialogDescription>
            A CSV of the children with their grade, class and up to two guardians. Guardians with an
            account are linked; the others are invited to claim their children. A file with any
            problem imports nothing; uploading the roll again updates it.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={inputId}>CSV file</Label>
              <Input
                key={fileKey}
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                onChange={choose}
                disabled={check.isPending || run.isPending}
              />
            </div>
            <Button type="button" variant="outline" onClick={downloadTemplate}>
              <Download aria-hidden /> Template
            </Button>
          </div>
          {check.isPending && (
            <p role="status" className="text-sm text-muted-foreground">
              Checking the file…
            </p>
          )}
          {preview && preview.errors.length > 0 && (
            <Problems errors={preview.errors} more={preview.moreErrors} />
          )}
          {ready && preview.summary && <Summary summary={preview.summary} />}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!ready || run.isPending}
            onClick={() => checked && run.mutate(checked.csv)}
          >
            {run.isPending ? "Importing…" : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
