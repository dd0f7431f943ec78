"use client";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SECTION_TITLES } from "@/lib/contracts/permissions";

// Counter (issue 47): the till that finds a child and sells from the family wallet. The screen's
// calls are GET /api/counter/students, POST /api/counter/sales and its void.

export function CounterSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{SECTION_TITLES.counter}</CardTitle>
        <CardDescription>
          Find a child by name or card code and sell from their wallet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">The counter screen is coming soon.</p>
      </CardContent>
    </Card>
  );
}
