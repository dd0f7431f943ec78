// The app's CPU per call to the payment provider, by HTTP client (decision 0057): 3,000 verifyToken
// calls, 20 at a time, to the fake DPO in its own process (scripts/bench/fake-dpo-server.ts), with
// Node's fetch and with undici's request (what lib/payments/dpo-transport.ts uses). Not part of the
// tests: `npx tsx scripts/bench/provider-calls.ts`.
import { spawn } from "node:child_process";
import path from "node:path";
import { request } from "undici";

const CALLS = 3000;
const CONCURRENCY = 20;
const dir = import.meta.dirname;
const child = spawn(process.execPath, ["--import", "tsx", path.join(dir, "fake-dpo-server.ts")], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve) =>
  child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
);
const body =
  '<?xml version="1.0" encoding="utf-8"?><API3G><CompanyToken>BENCH</CompanyToken>' +
  "<Request>verifyToken</Request><TransactionToken>TOKEN</TransactionToken></API3G>";
const headers = { "Content-Type": "application/xml" };

async function measure(name: string, call: () => Promise<string>) {
  for (let i = 0; i < 300; i++) await call(); // warm-up
  const cpu = process.cpuUsage();
  const started = performance.now();
  let left = CALLS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await call();
    }),
  );
  const used = process.cpuUsage(cpu);
  const perCall = (used.user + used.system) / 1000 / CALLS;
  const wall = (performance.now() - started) / CALLS;
  console.log(
    `${name.padEnd(16)} CPU ${perCall.toFixed(3)} ms/call, wall ${wall.toFixed(3)} ms/call`,
  );
}

const viaFetch = async () => {
  const response = await fetch(url, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return response.text();
};
const viaUndici = async () => {
  const response = await request(url, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return response.body.text();
};
for (let round = 0; round < 2; round++) {
  await measure("fetch", viaFetch);
  await measure("undici request", viaUndici);
}
child.kill();
