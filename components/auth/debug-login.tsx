"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Label } from "@/components/ui/label";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

type Account = { label: string; username: string; password: string };

// Development tool: quick-fill test accounts, POST /api/login and show the raw response.
export function DebugLogin({ accounts }: { accounts: Account[] }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [raw, setRaw] = useState<string>("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const text = await response.text();
      setRaw(`HTTP ${response.status} ${response.statusText}\n\n${text}`);
    } catch (error) {
      setRaw(`Network error: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle>Debug Login</CardTitle>
          <CardDescription>Development only. Not available in production.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-2">
            {accounts.map((account) => (
              <Button
                key={account.username}
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  setUsername(account.username);
                  setPassword(account.password);
                }}
              >
                {account.label}
              </Button>
            ))}
          </div>
          <form method="post" action={NO_SCRIPT_ACTION} onSubmit={submit} className="grid gap-3">
            <div className="grid gap-2">
              <Label htmlFor="debug-username">Username</Label>
              <Input
                id="debug-username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="debug-password">Password</Label>
              <PasswordInput
                id="debug-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "POST /api/login"}
            </Button>
          </form>
          {raw && (
            <pre
              aria-label="Raw response"
              className="overflow-x-auto rounded-md bg-muted p-3 text-xs"
            >
              {raw}
            </pre>
          )}
          <Link href="/" className="text-sm text-primary underline-offset-4 hover:underline">
            Go to the portal
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
