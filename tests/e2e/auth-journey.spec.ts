import { expect, test, type Page } from "@playwright/test";
import { SMTP_PORT, SUPERADMIN_PASSWORD } from "../../playwright.config";
import { FakeSmtp } from "../support/fake-smtp";
import { headerAction } from "./support/steps";

// The foundation's journey as a person makes it, at a phone size and a laptop size: sign up, sign
// out, a failed and a good sign-in, a password reset by e-mail, and the admin console shell.

const smtp = new FakeSmtp();
test.beforeAll(async () => smtp.listen(SMTP_PORT));
test.afterAll(async () => smtp.close());

function uniqueName(projectName: string) {
  return `e2e.${projectName}.${Date.now().toString(36)}`;
}

async function logout(page: Page) {
  await headerAction(page, "Logout");
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Login to Portal" })).toBeVisible();
}

async function login(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login to Portal" }).click();
}

test("a parent signs up, signs out, signs in and resets the password", async ({ page }, info) => {
  const username = uniqueName(info.project.name);
  const email = `${username}@example.com`;
  await page.goto("/");

  await test.step("field errors show under each field", async () => {
    await page.getByRole("button", { name: "Login to Portal" }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  await test.step("register", async () => {
    await page.getByRole("link", { name: /Create an account/ }).click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Last name is required")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await page.getByLabel("First name").fill("Chipo");
    await page.getByLabel("Last name").fill("Mwale");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("first-password");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone (optional)").fill("0971234567");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Registered successfully")).toBeVisible();
    await expect(page.getByText("Parent Dashboard")).toBeVisible();
  });

  await test.step("sign out", async () => logout(page));

  await test.step("a wrong password is refused", async () => {
    await login(page, username, "not-the-password");
    await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  });

  await test.step("reset the password by e-mail", async () => {
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByLabel("Username or email").fill(username);
    await dialog.getByRole("button", { name: "Send Reset Instructions" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirm Password Reset" });
    await expect(confirm).toContainText("current password stays active");
    await confirm.getByRole("button", { name: "Yes, Send Reset" }).click();
    await expect(page.getByText("Password Reset Sent")).toBeVisible();

    const mail = await smtp.waitFor(email, /temporary password/i);
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1];
    expect(temporary).toBeTruthy();
    await login(page, username, temporary!);
    await expect(page.getByText("Logged in successfully")).toBeVisible();
    await expect(page.getByText("Parent Dashboard")).toBeVisible();
  });

  await test.step("an admin's pages are a 404 for a parent", async () => {
    for (const path of ["/settings", "/menu/edit/1"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    }
    await page.goto("/");
    await logout(page);
  });
});

test("signed out, any other path shows the login screen", async ({ page }) => {
  await page.goto("/some/unknown/path");
  await expect(page.getByRole("button", { name: "Login to Portal" })).toBeVisible();
});

test("the login form works with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Username").focus();
  await page.keyboard.type("demo.parent");
  await page.getByLabel("Password", { exact: true }).focus();
  await page.keyboard.type("demo-parent");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Logged in successfully")).toBeVisible();
  await expect(page.getByText("Welcome, demo.parent").first()).toBeAttached();
  await logout(page);
});

test("superadmin signs in to the admin console shell", async ({ page }, info) => {
  await page.goto("/");
  await login(page, "superadmin", SUPERADMIN_PASSWORD);
  await expect(page.getByRole("heading", { name: "Menu Management" })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Admin sections" });
  if (info.project.name === "phone") {
    await expect(sidebar).toBeHidden();
    await page.getByRole("button", { name: "Open sidebar" }).click();
  }
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("link")).toHaveCount(14); // 14 sections (Messages, Counter too)
  await sidebar.getByRole("link", { name: "Order Cycles" }).click();
  await expect(page.getByRole("heading", { name: "Order Cycles" })).toBeVisible();
  if (info.project.name === "phone") await expect(sidebar).toBeHidden();
  else await expect(sidebar).toBeVisible();

  await page.goto("/menu/edit/999999");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to load menu item" })).toHaveText(
    "Failed to load menu item: Item not found",
  );
  await page.getByRole("link", { name: "Back to Menu" }).click();
  await expect(page.getByRole("heading", { name: "Menu Management" })).toBeVisible();

  const settings = await page.goto("/settings");
  expect(settings?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await page.goto("/");
  if (info.project.name === "phone")
    await page.getByRole("button", { name: "Open sidebar" }).click();
  await page
    .getByRole("complementary", { name: "Admin sections" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page.getByRole("button", { name: "Login to Portal" })).toBeVisible();
});
