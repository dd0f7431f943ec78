// Headers every response carries (pages, API and assets); the page CSP with its nonce is set per
// request in proxy.ts. Exported for the 400 that scripts/serve.mjs answers before Next is asked.
const production = process.env.NODE_ENV === "production";

export const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The counter scans student cards with the device camera (issue 47): the page itself only.
  { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ...(production
    ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
    : []),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  productionBrowserSourceMaps: process.env.ANALYZE_MAPS === "1",
  // `npm run typecheck` (part of `npm test`) checks the whole project, tests included; the build
  // does not repeat it.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  // Native or wasm packages that must be loaded by Node at run time, not bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@node-rs/argon2",
    "pg",
    "nodemailer",
  ],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
