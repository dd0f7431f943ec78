import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";

// Decision 0046: spec 000 §9's swipe threshold (50 px) and removal after dismissal (3 s) are
// sonner's hard-coded constants, not options. This holds the installed sonner to the values the
// decision record describes, so an upgrade that changes them is noticed.

const sonner = readFileSync(join(process.cwd(), "node_modules/sonner/dist/index.mjs"), "utf8");
const constant = (name: string) => new RegExp(`const ${name} = (\\d+);`).exec(sonner)?.[1];

describe("sonner's toast timings (decision 0046)", () => {
  it("dismisses on a 45 px swipe, a constant the Toaster cannot change", () => {
    expect(constant("SWIPE_THRESHOLD")).toBe("45");
  });

  it("removes a dismissed toast 200 ms after its exit starts", () => {
    expect(constant("TIME_BEFORE_UNMOUNT")).toBe("200");
  });
});
