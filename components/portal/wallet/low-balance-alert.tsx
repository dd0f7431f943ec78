"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { formatZmw } from "@/lib/money";

/** Said when the parent's saved choices could not be loaded (the controls stay closed). */
export const WALLET_CHOICES_FAILED =
  "Your alert choices could not be loaded, so they cannot be changed just now.";

// The wallet's low-balance alert (issue 47): below this amount, a spend e-mails the parent, at
// most once a day. Empty and saved turns it off. Both controls save the threshold, so they wait
// for the saved choices: before them (or when they could not be loaded) a save would have turned
// a saved alert off.
export function LowBalanceAlert() {
  const client = useQueryClient();
  const wallet = useQuery({
    queryKey: queryKeys.wallet,
    queryFn: () => api("/api/account/wallet"),
  });
  const [typed, setTyped] = useState<string | null>(null);
  const ready = wallet.data !== undefined;
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
      {wallet.isError && !ready && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          <span>{WALLET_CHOICES_FAILED}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={wallet.isFetching}
            onClick={() => void wallet.refetch()}
          >
            {wallet.isFetching ? "Trying again..." : "Try again"}
          </Button>
        </div>
      )}
      <Label htmlFor="low-balance">E-mail me when my wallet is below (K)</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="low-balance"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Off"
          className="min-h-11 max-w-40"
          value={value}
          disabled={!ready}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button
          type="submit"
          variant="outline"
          className="min-h-11"
          disabled={save.isPending || !ready}
        >
          {save.isPending ? "Saving..." : "Save alert"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        At most one e-mail a day. Leave empty for none.
      </p>
      <CounterReceipts threshold={saved} on={wallet.data?.counterReceipts ?? false} ready={ready} />
    </form>
  );
}

/** Issue 47: an e-mail for each purchase a child makes at the counter, saved as it is switched. */
function CounterReceipts({
  threshold,
  on,
  ready,
}: {
  threshold: string | null;
  on: boolean;
  /** The saved choices are in (the switch sends the saved threshold with it). */
  ready: boolean;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (counterReceipts: boolean) =>
      api("/api/account/wallet", {
        method: "PUT",
        body: { lowBalanceThreshold: threshold, counterReceipts },
      }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.wallet, answer);
      // Profile Settings' Messages shows counter purchases by this switch (issue 48).
      void client.invalidateQueries({ queryKey: queryKeys.notifications });
      toastSuccess(
        answer.counterReceipts ? "Counter e-mails on" : "Counter e-mails off",
        answer.counterReceipts
          ? "We will e-mail you each purchase your children make at the counter."
          : "We will not e-mail you counter purchases. They stay in Order History.",
      );
    },
    onError: (error) => toastFailure("Error", errorMessage(error, "The choice could not be saved")),
  });
  return (
    <div className="flex items-center gap-3 pt-1">
      <Switch
        id="counter-receipts"
        checked={save.isPending ? save.variables : on}
        disabled={save.isPending || !ready}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
      <Label htmlFor="counter-receipts">E-mail me each counter purchase</Label>
    </div>
  );
}
