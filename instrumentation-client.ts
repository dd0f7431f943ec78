// Runs in the browser before the app. zod compiles object parsers with `new Function` unless told
// not to; the page's CSP forbids eval, so that probe only produced a CSP violation report
// (Lighthouse's "issues" audit). zod reads its configuration from this global when it loads, so
// setting it here (rather than importing zod's `config`) keeps zod out of pages that never use it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
