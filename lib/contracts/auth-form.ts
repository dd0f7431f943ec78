// The login and sign-up forms' no-script path (issue 24): before the page's scripts have loaded,
// the forms post natively to /api/login/form and /api/register/form, which answer with a redirect
// to "/" (signed in) or back to the form with one of these codes. A code, never a text: nobody can
// craft a link that makes the login page show a message of their choosing.

/** The form a no-script post came from; "/?auth=register" opens the sign-up form. */
export type AuthMode = "login" | "register";

export const AUTH_FORM_ACTIONS: Record<AuthMode, string> = {
  login: "/api/login/form",
  register: "/api/register/form",
};

/** Where a form that only exists after hydration posts if it ever submits natively. */
export const NO_SCRIPT_ACTION = "/api/no-script";

export const AUTH_FORM_PROBLEMS = {
  invalid: "Invalid username or password",
  limited: "Too many attempts. Please wait a few minutes and try again.",
  taken: "Username already exists",
  check: "Please check the form and try again.",
  failed: "Something went wrong. Please try again.",
} as const;
export type AuthFormProblem = keyof typeof AUTH_FORM_PROBLEMS;

const FIELD_LABELS: Record<string, string> = {
  username: "Username",
  password: "Password (at least 6 characters)",
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  email: "Email",
  phone: "Phone",
};

/** The message a redirect's `error` (and `field`) stand for; undefined for anything else. */
export function authFormMessage(
  error: string | undefined,
  field: string | undefined,
): string | undefined {
  if (!error || !Object.hasOwn(AUTH_FORM_PROBLEMS, error)) return undefined;
  const message = AUTH_FORM_PROBLEMS[error as AuthFormProblem];
  const label = field && Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
  return error === "check" && label ? `${message} Check: ${label}.` : message;
}
