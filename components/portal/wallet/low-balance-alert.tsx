"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { formatZmw } from "@/lib/money";

// The wallet's low-balance alert (issue 47): below this amount, a spend e-mails the parent, at
// most once a day. Empty and saved turns it off.
export function LowBalanceAlert() {
  const client = useQueryClient();
  const wallet = useQuery({
    queryKey: queryKeys.wallet,
    queryFn: () => api("/api/account/wallet"),
  });
  const [typed, setTyped] = useState<string | null>(null);
  const saved = wallet.data?.lowBalanceThreshold ?? null;
  const value = typed ?? saved ?? "";
  const save = useMutation({
    mutationFn: (lowBalanceThreshold: string | null) =>
      api("/api/account/wallet", { method: "PUT", body: { lowBalanceThreshold } }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.wallet, answer);
      setTyped(null);
      toastSuccess(
        "Low balance alert saved",
        answer.lowBalanceThreshold
          ? `We will e-mail you when your wallet goes below ${formatZmw(answer.lowBalanceThreshold)}.`
          : "We will not e-mail you about your wallet's balance.",
      );
    },
    onError: (error) => toastFailure("Error", errorMessage(error, "The alert could not be saved")),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(value.trim() === "" ? null : value.trim());
  }

  return (
    <form
      method="post"
      action={NO_SCRIPT_ACTION}
      onSubmit={submit}
      className="grid gap-2 border-t pt-3"
      aria-label="Low balance alert"
    >
      <Label htmlFor="low-balance">E-mail me when my wallet is below (K)</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="low-balance"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Off"
          className="min-h-11 max-w-40"
          value={value}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="outline" className="min-h-11" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save alert"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        At most one e-mail a day. Leave empty for none.
      </p>
    </form>
  );
}
