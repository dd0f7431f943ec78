"use client";

import type { ReactNode } from "react";
import type { Control } from "react-hook-form";
import { TextField } from "@/components/ui/form-fields";

type Credentials = { username: string; password: string };

/**
 * The username and password of a sign-in form (a school's login, the operators' platform): the
 * autocomplete hints a password manager needs, and no capitals or spelling fixes in the username.
 */
export function CredentialFields<T extends Credentials>({
  control,
  passwordAside,
}: {
  control: Control<T>;
  passwordAside?: ReactNode;
}) {
  // Both forms' values are exactly { username, password }: the cast only forgets the generic.
  const c = control as unknown as Control<Credentials>;
  return (
    <>
      <TextField
        control={c}
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        control={c}
        name="password"
        label="Password"
        labelAside={passwordAside}
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
