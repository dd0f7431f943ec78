// Where a query parameter (the cancel page's returnUrl) may send the browser: only this site.
//
// A prefix test on the raw text is not enough. Browsers drop tabs and line breaks from an address
// and read a backslash as a slash, so "/\t/evil.example" and "/\\evil.example" both become
// "//evil.example", another host. So the text is refused outright when it holds either, and what
// is left is read by the same URL parser a browser uses, against the app's own address: only an
// address of this origin passes, and only its path, query and fragment are handed on.

// Every C0 control character and DEL: the URL parser strips or drops them silently.
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * The normalized same-site path (pathname + search + hash) of `value`, or undefined when it is
 * missing, repeated, or leads anywhere but `appUrl`'s origin.
 */
export function safeReturnPath(
  value: string | string[] | undefined,
  appUrl: string,
): string | undefined {
  if (typeof value !== "string" || value === "" || CONTROL_OR_BACKSLASH.test(value)) {
    return undefined;
  }
  const origin = new URL(appUrl).origin;
  const path = sameOriginPath(value, appUrl, origin);
  // Dot segments can normalize "/.//evil.example" to the path "//evil.example", which the browser
  // would read as another host: the path handed on must itself resolve to this origin.
  if (path === undefined || sameOriginPath(path, appUrl, origin) !== path) return undefined;
  return path;
}

function sameOriginPath(value: string, base: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
