"use client";

import { IdCard } from "lucide-react";
import { useState } from "react";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import { Button } from "@/components/ui/button";
import { gradeLabel } from "@/lib/client/format";
import { GRADES } from "@/lib/contracts";

// The children's counter cards (issue 47): a grade, or every grade, as the server's PDF of A4
// sheets, opened in a new tab where the browser's viewer prints it. A child printed for the first
// time gets its card code then; one printed before keeps it.

export function StudentCardsPrint() {
  const [grade, setGrade] = useState(ALL);
  const href =
    grade === ALL ? "/api/kitchen/student-cards" : `/api/kitchen/student-cards?grade=${grade}`;
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <FilterSelect
        label="Cards for grade"
        value={grade}
        onChange={setGrade}
        all="All grades"
        className="h-12 w-44 text-base"
        options={GRADES.map((g) => ({
          value: g,
          label: gradeLabel(g),
          className: "py-3 text-base",
        }))}
      />
      <Button asChild variant="outline" size="lg" className="h-12 text-base">
        <a
          href={href}
          target="_blank"
          rel="noopener"
          aria-label={`Student cards, ${grade === ALL ? "all grades" : gradeLabel(grade)}`}
        >
          <IdCard aria-hidden /> Student cards
        </a>
      </Button>
    </div>
  );
}
