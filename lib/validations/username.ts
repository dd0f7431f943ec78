// Usernames are shown as typed but unique regardless of case, width and look-alike forms: the key
// is the NFKC form (full-width letters, ligatures and compatibility characters become their plain
// form), lower-cased, so `ｄｅｍｏ.Parent` and `demo.parent` are one name. The same expression runs
// in SQL (`lower(normalize(btrim(username), NFKC))`) in the migration that re-keyed existing rows.
export function normalizeUsername(username: string): string {
  return username.trim();
}

export function usernameKey(username: string): string {
  return username.trim().normalize("NFKC").toLowerCase();
}

/**
 * A sign-in or reset identifier with `@` is an e-mail address, one without it a username: it
 * resolves one way only. New usernames may not contain `@` (lib/validations); older ones that do
 * still sign in by username, since sign-in looks up usernames only.
 */
export function isEmailIdentifier(identifier: string): boolean {
  return identifier.includes("@");
}
