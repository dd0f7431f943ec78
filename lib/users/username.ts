// Usernames are shown as typed but unique regardless of case and surrounding spaces.
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
