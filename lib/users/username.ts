// Usernames are shown as typed but unique regardless of case and surrounding spaces.
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * A sign-in or reset identifier with `@` is an e-mail address, one without it a username: it
 * resolves one way only. New usernames may not contain `@` (lib/validations); older ones that do
 * still sign in by username, since sign-in looks up usernames only.
 */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}
