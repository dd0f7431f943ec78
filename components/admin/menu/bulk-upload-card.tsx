"use client";

import { downloadCsv } from "@/lib/client/download-csv";
import { useRef, useState, type ChangeEvent } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MENU_CSV_TEMPLATE } from "@/lib/menu/menu-csv";
import { NOTHING_SAVED, useMenuCsvUpload } from "./use-menu-queries";

export const MENU_TEMPLATE_FILE = "menu-items-template.csv";

function downloadTemplate() {
  downloadCsv(MENU_CSV_TEMPLATE, MENU_TEMPLATE_FILE);
  toastSuccess(
    "Template Downloaded",
    `Fill in ${MENU_TEMPLATE_FILE} and upload it to add menu items.`,
  );
}

/** How an upload is saved (issue 44, decision 0072), said where the file is chosen. */
export const UPLOAD_RULES =
  "Days are 1-5 or Mon-Fri. The file is saved whole or not at all: if any row has an error, nothing is saved. A row with the name of a current menu item updates that item; other rows add new items, so uploading the same file again adds no duplicates.";

/** Menu items from a CSV file, the rows it refused listed; and the file's template. */
export function BulkUploadCard() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const csvUpload = useMenuCsvUpload();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !chosen.name.toLowerCase().endsWith(".csv")) {
      toastFailure("Invalid File Type", "Please select a CSV file.");
      event.target.value = "";
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  function upload() {
    if (!file) {
      toastFailure("No File Selected", "Please choose a CSV file to upload.");
      return;
    }
    setErrors([]);
    csvUpload.mutate(file, {
      onSuccess: (result) => {
        setErrors(result.errors ?? []);
        setFile(null);
        if (inputRef.current) inputRef.current.value = "";
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Upload Menu Items</CardTitle>
        <CardDescription>
          Upload a CSV file with the columns name, description, price, type, categories,
          proteinDescriptions, weekNumbers, daysOfWeek, allergens, sideDishes, isAvailable.
        </CardDescription>
        <CardDescription>{UPLOAD_RULES}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="menu-csv-file">CSV file</Label>
            <Input
              id="menu-csv-file"
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              className="max-w-xs"
            />
          </div>
          <Button onClick={upload} disabled={csvUpload.isPending}>
            {csvUpload.isPending ? "Uploading…" : "Upload CSV"}
          </Button>
          <Button variant="outline" onClick={downloadTemplate}>
            Download Template
          </Button>
        </div>
        {errors.length > 0 ? (
          <div
            role="alert"
            className="rounded-lg border border-destructive/50 p-4 text-sm text-destructive"
          >
            <h4 className="mb-2 font-medium">Upload Errors</h4>
            <p className="mb-2">{NOTHING_SAVED}</p>
            <ul className="list-disc space-y-1 pl-5">
              {errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
