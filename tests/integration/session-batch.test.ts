// Requests arriving together share one statement for their sessions (lib/auth/session-rows.ts):
// each still gets its own user, and a session ended before a request asked is ended for it, even
// when the others in the same statement are signed in.
import { beforeAll, describe, expect, it } from "@jest/globals";
import * as logout from "@/app/api/logout/route";
import * as user from "@/app/api/user/route";
import type { SessionUser } from "@/lib/contracts/people";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { testDb } from "@/tests/support/school";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

type Person = { browser: Browser; id: number; username: string };
let people: Person[];

const whoAmI = (p: Person) => p.browser.call<SessionUser>(user.GET, "GET", "/api/user");

beforeAll(async () => {
  people = [];
  for (let i = 0; i < 6; i++) people.push(await signedIn(i % 3 === 2 ? "teacher" : "parent"));
});

describe("sessions read together", () => {
  it("answer each of many simultaneous requests with its own user", async () => {
    const answers = await Promise.all([...people, ...people].map(whoAmI));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.map((a) => a.body.username)).toEqual(
      [...people, ...people].map((p) => p.username),
    );
    expect(answers.map((a) => a.body.id)).toEqual([...people, ...people].map((p) => p.id));
  });

  it("refuse a session ended before the request, while the others are answered", async () => {
    const [ended, ...others] = people as [Person, ...Person[]];
    const out = await ended.browser.call(logout.POST, "POST", "/api/logout");
    expect(out.status).toBe(200);
    const answers = await Promise.all([ended, ...others].map(whoAmI));
    expect(answers.map((a) => a.status)).toEqual([401, ...others.map(() => 200)]);
  });

  it("refuse a session deleted by another instance (a plain SQL delete) at the next request", async () => {
    const [, removed, ...others] = people as [Person, Person, ...Person[]];
    expect((await whoAmI(removed)).status).toBe(200);
    const db = await testDb();
    await db.$executeRaw`DELETE FROM "Session"
      WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "userId" = ${removed.id}`;
    const answers = await Promise.all([removed, ...others].map(whoAmI));
    expect(answers.map((a) => a.status)).toEqual([401, ...others.map(() => 200)]);
  });
});
