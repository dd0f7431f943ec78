import { describe, expect, it } from "@jest/globals";
import { allowedSections, FEATURES, hasFeature, SECTION_TITLES } from "@/lib/contracts/permissions";

const admin = (username: string, allowedFeatures: string[]) =>
  ({ username, role: "admin", allowedFeatures }) as const;

describe("admin features", () => {
  it("gives superadmin every section in the spec's order, whatever its stored list says", () => {
    expect(allowedSections(admin("superadmin", []))).toEqual([...FEATURES]);
  });

  it("lists only the sections an admin holds", () => {
    expect(allowedSections(admin("kitchen.lead", ["kitchen", "menu"]))).toEqual([
      "menu",
      "kitchen",
    ]);
  });

  it("gives parents and teachers no admin feature, even with a list", () => {
    expect(
      hasFeature(
        { username: "superadmin", role: "parent", allowedFeatures: [...FEATURES] },
        "menu",
      ),
    ).toBe(false);
    expect(hasFeature({ username: "t", role: "teacher", allowedFeatures: ["menu"] }, "menu")).toBe(
      false,
    );
  });

  it("names the sections as the spec does", () => {
    expect(SECTION_TITLES.kitchen).toBe("Fat Chef View");
    expect(SECTION_TITLES.parents_students).toBe("Parents & Students");
    // The spec's twelve, and Messages (issue 19).
    expect(SECTION_TITLES.messages).toBe("Messages");
    // The canteen counter (issue 47).
    expect(SECTION_TITLES.counter).toBe("Counter");
    expect(Object.keys(SECTION_TITLES)).toHaveLength(14);
  });
});
