import { PrismaClient } from "../lib/generated/prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { SCHOOL_MODELS } from "../lib/scope/school-models";
import { assertSchoolScoped, scopeArgs } from "../lib/scope/guard";

const adapter = new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:5432/mb", max: 10 });
const raw = new PrismaClient({ adapter }) as PrismaClient;
const scoped = raw.$extends({
  query: { $allModels: { $allOperations({ model, operation, args, query }) {
    const a = scopeArgs(SCHOOL_MODELS, model, operation, args, 1);
    assertSchoolScoped(SCHOOL_MODELS, model, operation, a);
    return query(a as typeof args);
  } } },
});
const row = () => ({ userId: null, to: "a@b.c", subject: "s", text: "t", status: "sent" as const, kind: "x" });
async function time(name: string, n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await f();
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  const c = process.cpuUsage(c0); const t = performance.now() - t0;
  console.log(name.padEnd(40), ((c.user + c.system) / 1000 / n).toFixed(3), "ms CPU/op", (t / n).toFixed(3), "ms wall/op");
}
const N = 600;
for (let round = 0; round < 2; round++) {
console.log("round", round);
await time("raw $queryRaw SELECT 1", N, () => raw.$queryRaw`SELECT 1`);
await time("scoped $queryRaw SELECT 1", N, () => scoped.$queryRaw`SELECT 1`);
await time("raw $transaction 2 raw", N, () => raw.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; await tx.$queryRaw`SELECT 1`; }));
await time("scoped $transaction 2 raw", N, () => scoped.$transaction(async (tx) => { await tx.$queryRaw`SELECT 1`; await tx.$queryRaw`SELECT 1`; }));
await time("raw 2 raw, no tx", N, async () => { await raw.$queryRaw`SELECT 1`; await raw.$queryRaw`SELECT 1`; });
await time("raw createMany 1 row", N, () => raw.emailOutbox.createMany({ data: [{ ...row(), schoolId: 1 }] }));
await time("scoped createMany 1 row", N, () => scoped.emailOutbox.createMany({ data: [row()] }));
await time("raw create 1 row", N, () => raw.emailOutbox.create({ data: { ...row(), schoolId: 1 }, select: { id: true } }));
await time("raw $executeRaw insert 1 row", N, () => raw.$executeRaw`INSERT INTO "EmailOutbox" ("schoolId","userId","to","subject","text","status","kind") VALUES (1, ${null}, ${"a@b.c"}, ${"s"}, ${"t"}, 'sent', ${"x"})`);
await time("raw findFirst", N, () => raw.emailOutbox.findFirst({ where: { schoolId: 1, id: 1 } }));
await time("scoped findFirst", N, () => scoped.emailOutbox.findFirst({ where: { id: 1 } }));
}
await raw.$disconnect();
