// The payment provider for `npm run bench`, in a process of its own so that its work is not
// counted as the app's (issue 20): the tests' fake DPO (tests/support/fake-dpo.ts), a real HTTP
// server speaking API3G's XML, with DPO's usual happy answers (token created, not paid yet,
// cancelled, push sent). Prints its API URL on the first line of its output, then serves until
// killed. npx tsx scripts/bench/fake-dpo-server.ts
import { FakeDpo } from "@/tests/support/fake-dpo";

const fake = await new FakeDpo().start();
// The fake records every request for the tests' assertions; here nobody reads them.
setInterval(() => {
  fake.requests.length = 0;
}, 1_000).unref();
process.stdout.write(`${fake.url}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => void fake.stop().finally(() => process.exit(0)));
}
