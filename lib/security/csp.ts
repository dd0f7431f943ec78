// The Content-Security-Policy of every page: scripts only with this request's nonce (Next.js puts
// it on its own scripts when it finds it in the request's CSP header), no framing, no plugins.
// Styles allow inline because Radix positions popovers with style attributes and sonner injects
// its stylesheet; that is not a script-execution path. Images come from this site only (and data:
// URIs, which load nothing from anywhere): no screen shows an image from another host, and an open
// img-src would let injected markup beacon to any server (docs/decisions/0001-img-src.md).
export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ];
  return directives.join("; ");
}

export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
