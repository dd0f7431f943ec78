// Pages and the manifest are the school's at the request's host (issue 45): its name titles the
// pages and names the installable app, which starts at its own address. At a host no school
// claims, every page stops at currentSchool() (before reading a session or a setting) and the 404
// page says "No school at this address".
import { beforeAll, describe, expect, it, jest } from "@jest/globals";
import { renderToStaticMarkup } from "react-dom/server";

let host = "localhost:3000";
const sessionReads = jest.fn();
jest.unstable_mockModule("next/headers", () => ({
  headers: async () => new Headers({ host }),
  cookies: async () => {
    sessionReads();
    return { get: () => undefined, getAll: () => [], has: () => false };
  },
}));

// The root layout's stylesheet is the bundler's business.
jest.unstable_mockModule("@/app/globals.css", () => ({}));

const { generateMetadata } = await import("@/app/layout");
const { default: manifest } = await import("@/app/manifest");
const { default: NotFound } = await import("@/app/not-found");
const { default: OtherPage } = await import("@/app/[...slug]/page");
const { default: PrivacyPage } = await import("@/app/privacy/page");
const { default: DebugLoginPage } = await import("@/app/debug-login/page");
const { default: EditMenuItemPage } = await import("@/app/menu/edit/[id]/page");
const { default: SettingsPage } = await import("@/app/settings/page");
const { createSchool } = await import("@/tests/support/school");

const NOT_FOUND = { digest: "NEXT_HTTP_ERROR_FALLBACK;404" };

beforeAll(async () => {
  await createSchool("second", { name: "Kabulonga Canteen" });
});

describe("the default school at APP_URL's host", () => {
  it("keeps its name in the title and the manifest", async () => {
    host = "localhost:3000";
    expect((await generateMetadata()).title).toEqual({
      default: "School Tuckshop · Parent & Teacher Portal",
      template: "%s · School Tuckshop",
    });
    expect(await manifest()).toMatchObject({
      name: "School Tuckshop · Parent & Teacher Portal",
      short_name: "School Tuckshop",
      start_url: "http://localhost:3000/",
    });
    const page = renderToStaticMarkup(await NotFound());
    expect(page).toContain("404 Page Not Found");
    expect(page).not.toContain("No school at this address");
  });
});

describe("a second school at its own host", () => {
  it("names itself in the title and the manifest, which starts at its address", async () => {
    host = "second.localhost:3000";
    expect((await generateMetadata()).title).toEqual({
      default: "Kabulonga Canteen · Parent & Teacher Portal",
      template: "%s · Kabulonga Canteen",
    });
    const app = await manifest();
    expect(app).toMatchObject({
      name: "Kabulonga Canteen · Parent & Teacher Portal",
      short_name: "Kabulonga Canteen",
      start_url: "http://second.localhost:3000/",
      scope: "http://second.localhost:3000/",
    });
    expect(JSON.stringify(app)).not.toContain("School Tuckshop");
  });
});

describe("a host no school claims", () => {
  it("has the sentence on its 404 page, and no page runs past finding its school", async () => {
    host = "nowhere.example:3000";
    sessionReads.mockClear();
    const page = renderToStaticMarkup(await NotFound());
    expect(page).toContain("<h1");
    expect(page).toContain("No school at this address");
    expect(page).not.toContain("404 Page Not Found");
    expect((await generateMetadata()).title).toBe("No school at this address");

    await expect(manifest()).rejects.toMatchObject(NOT_FOUND);
    await expect(
      OtherPage({ params: Promise.resolve({ slug: ["orders"] }) }),
    ).rejects.toMatchObject(NOT_FOUND);
    await expect(SettingsPage()).rejects.toMatchObject(NOT_FOUND);
    await expect(PrivacyPage()).rejects.toMatchObject(NOT_FOUND);
    await expect(DebugLoginPage()).rejects.toMatchObject(NOT_FOUND);
    await expect(EditMenuItemPage({ params: Promise.resolve({ id: "1" }) })).rejects.toMatchObject(
      NOT_FOUND,
    );
    expect(sessionReads).not.toHaveBeenCalled();
  });
});
