import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

// The caching rules of public/sw.js (issue 8, offline use): which requests it answers and how.
// The worker is plain JavaScript served as is, so it is run here in a bare context with a stub
// `self`, and its cacheStrategy function is read back.
type Strategy = "network-first" | "cache-first" | null;
type Rule = (request: { method: string; url: string; mode?: string }, origin: string) => Strategy;

function loadRules(): Rule {
  const self: Record<string, unknown> = { addEventListener: () => undefined };
  const code = readFileSync(path.join(process.cwd(), "public", "sw.js"), "utf8");
  vm.runInNewContext(code, { self, URL, caches: undefined });
  return self.cacheStrategy as Rule;
}

const ORIGIN = "https://canteen.school.zm";
const strategy = loadRules();
const get = (p: string, mode = "cors") =>
  strategy({ method: "GET", url: ORIGIN + p, mode }, ORIGIN);

describe("service worker caching rules", () => {
  it.each([
    "/api/menu",
    "/api/orders?includeAll=true",
    "/api/order-cycles",
    "/api/students",
    "/api/settings/cutoff-time",
    "/api/settings/payment-bypass",
    "/api/discounts/my-discount-code",
  ])("keeps the read %s, network first", (p) => {
    expect(get(p)).toBe("network-first");
  });

  it("keeps the page shell of / (a navigation), network first", () => {
    expect(get("/", "navigate")).toBe("network-first");
  });

  it("serves hashed build assets cache first", () => {
    expect(get("/_next/static/chunks/3jn_x8ihwq16e.js")).toBe("cache-first");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never touches %s", (method) => {
    expect(strategy({ method, url: `${ORIGIN}/api/orders`, mode: "cors" }, ORIGIN)).toBeNull();
    expect(strategy({ method, url: `${ORIGIN}/`, mode: "navigate" }, ORIGIN)).toBeNull();
  });

  it.each([
    "/api/users",
    "/api/cycle-orders?page=1",
    "/api/orders/week/1",
    "/api/payments/create",
    "/api/user",
    "/api/revenue",
    "/?_rsc=abc",
  ])("leaves other reads alone: %s", (p) => {
    expect(get(p)).toBeNull();
  });

  it("leaves other pages and other origins alone", () => {
    expect(get("/payment/success", "navigate")).toBeNull();
    expect(get("/?emailVerified=success", "navigate")).toBeNull();
    expect(strategy({ method: "GET", url: "https://cdn.example.com/api/menu" }, ORIGIN)).toBeNull();
  });
});
