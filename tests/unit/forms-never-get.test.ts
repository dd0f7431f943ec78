import { describe, expect, it } from "@jest/globals";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Issue 24 §1: a form tapped before hydration submits natively. Without a method that is a GET into
// the address (a password in the history and the request line), so every <form> of the app names
// method="post" and an action (its no-script handler, or the inert /api/no-script).

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

const forms = ["components", "app"]
  .flatMap((dir) => sources(path.join(process.cwd(), dir)))
  .flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/<form\b[^>]*>/gs)].map((m) => ({
      file: path.relative(process.cwd(), file),
      tag: m[0],
    }));
  });

describe("every form posts, never into the address", () => {
  it("finds the forms", () => {
    expect(forms.length).toBeGreaterThanOrEqual(9);
  });
  it.each(forms.map((f) => [f.file, f.tag] as const))("%s", (_file, tag) => {
    expect(tag).toMatch(/method="post"/);
    expect(tag).toMatch(/action=\{/);
  });
});
