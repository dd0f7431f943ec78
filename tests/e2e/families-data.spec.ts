import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { headerAction, registerParent } from "./support/steps";

// Families' data (issue 26), as a parent meets it on a phone and a laptop: the privacy notice
// without signing in, Download my data, and Delete my account.

function uniqueName(projectName: string) {
  return `e2e.data.${projectName}.${Date.now().toString(36)}`;
}

async function openProfile(page: Page) {
  await headerAction(page, "View Profile");
  return page.getByRole("dialog", { name: "Profile Settings" });
}

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the privacy notice is readable without signing in, and linked from sign-up", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Create an account/ }).click();
  await page.getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();
  for (const section of ["Who keeps it", "What we keep and why", "How long", "Your rights"]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(page.getByText(/the text 30 days/)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a parent downloads a copy of their data, then deletes the account", async ({
  page,
}, info) => {
  const username = uniqueName(info.project.name);
  const password = "family-pass-1";
  await registerParent(page, { firstName: "Thandiwe", lastName: "Mumba", username, password });

  await test.step("Download my data", async () => {
    const profile = await openProfile(page);
    const downloading = page.waitForEvent("download");
    await profile.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-canteen-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), "utf8")) as {
      profile: { username: string; name: string; email: string };
    };
    expect(data.profile).toMatchObject({
      username,
      name: "Thandiwe Mumba",
      email: `${username}@example.com`,
    });
    await expectNoSidewaysScroll(page);
  });

  await test.step("Delete my account, with a wrong password first", async () => {
    const profile = page.getByRole("dialog", { name: "Profile Settings" });
    await profile.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete my account?" });
    await expect(confirm).toContainText("keeps past orders and payments");
    await confirm.getByLabel("Your password").fill("not-the-password");
    await confirm.getByRole("button", { name: "Delete my account" }).click();
    await expect(confirm.getByText("Password is incorrect")).toBeVisible();
    await confirm.getByLabel("Your password").fill(password);
    await confirm.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Your account has been deleted").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Login to Portal" })).toBeVisible();
  });

  await test.step("the old sign-in fails like an unknown user", async () => {
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login to Portal" }).click();
    await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  });
});
