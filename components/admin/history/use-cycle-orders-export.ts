"use client";

import { downloadCsv } from "@/lib/client/download-csv";
import { useState } from "react";
import { ordersCsv } from "@/components/admin/history/cycle-orders-csv";
import {
  cycleOrdersPath,
  type CycleHistoryFilters,
} from "@/components/admin/history/use-cycle-history-filters";
import { notify, toastFailure, toastSuccess } from "@/components/notifications/toast";
import { api, errorMessage } from "@/lib/client/api";
import { plural } from "@/lib/client/format";
import { schoolToday } from "@/lib/school-calendar";

// Export CSV of Cycle History (spec 001 §9): every order the filters match, read 100 a request,
// written to one file the browser downloads.

export const EXPORT_CHUNK_SIZE = 100;

class ChunkError extends Error {
  constructor() {
    super("Failed to fetch data chunk");
    this.name = "ChunkError";
  }
}

export function useCycleOrdersExport(filters: CycleHistoryFilters) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (!filters.cycleId) {
      toastFailure("Error", "Cycle ID is required");
      return;
    }
    setExporting(true);
    notify({ title: "Export started", description: "Fetching all matching orders…" });
    try {
      const first = await api(cycleOrdersPath(filters, 1, EXPORT_CHUNK_SIZE));
      const total = first.metadata.total;
      if (total === 0 || first.data.length === 0) {
        notify({
          title: "No data to export",
          description: "There are no orders matching your filter criteria.",
        });
        return;
      }
      const pages = Math.ceil(total / EXPORT_CHUNK_SIZE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(pages - 1, 0) }, (_, index) =>
          api(cycleOrdersPath(filters, index + 2, EXPORT_CHUNK_SIZE)).catch(() => {
            throw new ChunkError();
          }),
        ),
      );
      const all = [first, ...rest].flatMap((chunk) => chunk.data);
      const csv = ordersCsv(all, first.timeZone);
      downloadCsv(csv, `cycle-orders-${schoolToday(first.timeZone)}.csv`);
      toastSuccess("Export successful", `${plural(all.length, "order")} exported.`);
    } catch (error) {
      toastFailure(
        "Export failed",
        error instanceof ChunkError ? error.message : errorMessage(error, "Failed to export data"),
      );
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
