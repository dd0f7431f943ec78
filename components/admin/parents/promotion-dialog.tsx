"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { gradeLabel } from "@/lib/client/format";
import type { PromotionPreviewDto } from "@/lib/contracts/promotion";
import { PARENTS_KEY } from "./use-parents-queries";

// Parents & Students › Move up a grade (issue 49, decision 0118): the preview the server computes
// (each grade's children and where they go, the leavers), then one confirmation. The server
// refuses a second time for the same school year; the dialog shows its reason instead of a button.

const PATH = "/api/parents/students/promotion";
const PREVIEW_KEY = [PATH] as const;

function children(count: number) {
  return `${count} ${count === 1 ? "child" : "children"}`;
}

function Preview({ preview }: { preview: PromotionPreviewDto }) {
  return (
    <div className="grid gap-4 text-sm">
      {preview.steps.length > 0 && (
        <table className="w-full text-left">
          <caption className="sr-only">Where each grade goes</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 font-normal">Now</th>
              <th className="py-1 font-normal">Moves to</th>
              <th className="py-1 text-right font-normal">Children</th>
            </tr>
          </thead>
          <tbody>
            {preview.steps.map((step) => (
              <tr key={step.from} className="border-t">
                <td className="py-1">{gradeLabel(step.from)}</td>
                <td className="py-1">{step.to ? gradeLabel(step.to) : "Leaves the school"}</td>
                <td className="py-1 text-right tabular-nums">{step.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.leavers.length > 0 && (
        <section aria-label="Leavers" className="grid gap-1">
          <h3 className="font-medium">Leavers, archived (their orders are kept)</h3>
          <ul className="grid max-h-40 gap-1 overflow-y-auto">
            {preview.leavers.map((leaver) => (
              <li key={leaver.id} className={leaver.upcomingMeals > 0 ? "text-destructive" : ""}>
                {leaver.name}
                {leaver.className ? ` (${leaver.className})` : ""}, {leaver.parentName}
                {leaver.upcomingMeals > 0
                  ? `: ${leaver.upcomingMeals} ${leaver.upcomingMeals === 1 ? "meal" : "meals"} still to serve`
                  : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="text-muted-foreground">
        Teachers are not moved. The menu for each child&apos;s new grade applies from then on.
      </p>
      {preview.refusal && (
        <p role="alert" className="font-medium text-destructive">
          {preview.refusal}
        </p>
      )}
    </div>
  );
}

export function PromotionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const preview = useQuery({
    queryKey: PREVIEW_KEY,
    queryFn: () => api(PATH),
    enabled: open,
    staleTime: 0,
  });
  useErrorToast(preview.error, "Failed to load the grades");
  const promote = useMutation({
    mutationFn: (year: number) => api(PATH, { method: "POST", body: { year } }),
    onSuccess: (done) => {
      toastSuccess("Moved up a grade", done.message);
      void client.invalidateQueries({ queryKey: PARENTS_KEY });
      onOpenChange(false);
    },
    onError: (error) => toastError(error, "Failed to move the children up"),
    onSettled: () => client.invalidateQueries({ queryKey: PREVIEW_KEY }),
  });
  const data = preview.data;
  const last = data?.lastYear ? ` Last done for ${data.lastYear}.` : "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Move every child up a grade</DialogTitle>
          <DialogDescription>
            {data
              ? `For the school year ${data.year}: ${children(data.moving)} move up, ` +
                `${children(data.leavers.length)} leave.${last}`
              : "Loading the grades…"}
          </DialogDescription>
        </DialogHeader>
        {data && <Preview preview={data} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!data || data.refusal !== null || promote.isPending}
            onClick={() => data && promote.mutate(data.year)}
          >
            {promote.isPending ? "Moving…" : `Move up for ${data?.year ?? "…"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
