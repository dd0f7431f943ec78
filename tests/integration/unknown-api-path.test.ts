import { describe, expect, it } from "@jest/globals";
import { NextRequest } from "next/server";
import * as unknown from "@/app/api/[[...path]]/route";
import { proxy } from "@/proxy";
import { signedIn } from "@/tests/support/fixtures";
import { Browser, ORIGIN } from "@/tests/support/http";

// An /api path no handler serves (issue 43): 404 with the JSON error envelope for every method and
// caller. Before, `POST /api/anything` answered the sign-in page with 200: the catch-all page
// (app/[...slug]) served it. The routing itself (a real handler before the catch-all) is checked
// against the built server in tests/production/single-instance.test.ts.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// Beside the providers' callbacks (issue 48): a callback path without its secret, or past its end.
const PATHS = [
  "/api/anything",
  "/api/orders/1/nothing",
  "/api",
  "/api/webhooks/sms/africastalking",
  "/api/webhooks/whatsapp/statuses",
];
const NOT_FOUND = { message: "API endpoint not found", error: "API endpoint not found" };

describe("an unknown /api path", () => {
  it.each(METHODS)("answers %s with the JSON 404, signed out and signed in", async (method) => {
    const parent = (await signedIn("parent")).browser;
    const admin = (await signedIn("admin", ["admins"])).browser;
    for (const browser of [new Browser(), parent, admin]) {
      for (const path of PATHS) {
        const answer = await browser.call(unknown[method], method, path, {
          params: { path: path.split("/").slice(2) } as unknown as Record<string, string>,
          ...(method === "GET" ? {} : { body: { anything: true } }),
        });
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 404,
          body: NOT_FOUND,
        });
        expect(answer.headers.get("content-type")).toContain("application/json");
      }
    }
  });

  it("is never rewritten to the sign-in page by the proxy when signed out", async () => {
    for (const path of PATHS) {
      const response = await proxy(new NextRequest(new URL(path, ORIGIN), { method: "POST" }));
      expect({ path, rewrite: response.headers.get("x-middleware-rewrite") }).toEqual({
        path,
        rewrite: null,
      });
    }
    // A page path still is: the coarse gate for pages is unchanged.
    const page = await proxy(new NextRequest(new URL("/settings", ORIGIN)));
    expect(page.headers.get("x-middleware-rewrite")).toBe(`${ORIGIN}/`);
  });
});
