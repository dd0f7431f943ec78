import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { SMTP_PORT, SUPERADMIN_PASSWORD } from "../../playwright.config";
import { FakeSmtp } from "../support/fake-smtp";
import { addFirstOfferedMeal, addStudent, registerParent, waitForCalendar } from "./support/steps";

// Issue 49 (decision 0119) on a 360 px phone: guardian A invites a second guardian by e-mail from
// the child's card; the link is read from the mail the fake SMTP server received; B, new to the
// school, opens it signed out, registers with the invited address on the invitation page itself,
// accepts, sees the child and orders a day; A's calendar then shows that day as ordered.

const smtp = new FakeSmtp();
test.beforeAll(async () => smtp.listen(SMTP_PORT));
test.afterAll(async () => smtp.close());

test.use({ viewport: { width: 360, height: 740 } });
test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

const weekTwo = (page: Page) =>
  page.getByRole("group", { name: "Choose a week" }).getByRole("button", { name: /^Week 2\b/ });

async function giveFreeLunchCode(page: Page, baseURL: string) {
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  const admin = await request.newContext({ baseURL });
  const login = await admin.post("/api/login", {
    data: { username: "superadmin", password: SUPERADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const code = await admin.post("/api/discount-codes", {
    data: { code: `GUARD${me.id}`, userId: me.id, discountPercentage: 100 },
  });
  expect(code.ok()).toBe(true);
  await admin.dispose();
}

test("a second guardian accepts an invitation on a phone and orders for the child", async ({
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const a = await phone(browser);
  const b = await phone(browser);
  const bUsername = `grandma.${stamp}`;
  const bEmail = `${bUsername}@example.com`;
  const child = `Mwila Banda ${stamp}`;

  await test.step("guardian A adds a child and invites B by e-mail", async () => {
    await registerParent(a, {
      firstName: "Jane",
      lastName: "Banda",
      username: `jane.${stamp}`,
      password: "guardian-password",
    });
    await a.getByRole("tab", { name: "Students" }).click();
    await addStudent(a, child, "Grade 3");
    await a.getByRole("button", { name: `Guardians of ${child}` }).click();
    const dialog = a.getByRole("dialog", { name: `Guardians of ${child}` });
    await dialog.getByLabel("Invite a second guardian by e-mail").fill(bEmail);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText(`Invitation sent to ${bEmail}`, { exact: false })).toBeVisible();
    await a.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  const link = await test.step("the invitation reaches B's mailbox", async () => {
    const mail = await smtp.waitFor(bEmail, /invites you to order school lunches/);
    const found = /https?:\/\/\S+\/guardian-invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(found).toBeTruthy();
    return found!;
  });

  await test.step("B opens the link signed out and registers with the invited address", async () => {
    await b.goto(link);
    await expect(b.getByText("Guardian invitation")).toBeVisible();
    await expect(b.getByText(/Jane Banda invites you to be Mwila's second guardian/)).toBeVisible();
    await b.getByRole("link", { name: /Create an account/ }).click();
    await b.getByLabel("First name").fill("Grace");
    await b.getByLabel("Last name").fill("Mulenga");
    await b.getByLabel("Username").fill(bUsername);
    await b.getByLabel("Password").fill("grandma-password");
    await b.getByLabel("Email", { exact: true }).fill(bEmail);
    await b.getByRole("button", { name: "Create Account" }).click();
    await expect(b.getByText("Registered successfully")).toBeVisible();
  });

  await test.step("B accepts and sees the child, with both guardians", async () => {
    await b.getByRole("button", { name: "Accept invitation" }).click();
    await expect(b.getByText("You are now a guardian of Mwila")).toBeVisible();
    await b.getByRole("tab", { name: "Students" }).click();
    await expect(b.getByText(child, { exact: true })).toBeVisible();
    await expect(b.getByText(`Guardians: Jane Banda, you`)).toBeVisible();
    await expect(b.getByRole("button", { name: `Leave ${child}` })).toBeVisible();
  });

  await test.step("B orders a day for the child, paid by B", async () => {
    await giveFreeLunchCode(b, baseURL!);
    await b.reload();
    await b.getByRole("tab", { name: "Menu Calendar" }).click();
    // Week 2: all five days are open whatever the day of the run (the demo cycle starts this week).
    await weekTwo(b).click();
    await expect(weekTwo(b)).toHaveAttribute("aria-pressed", "true");
    await addFirstOfferedMeal(b);
    await b.getByRole("button", { name: "Cart, 1 item" }).click();
    await b.getByRole("button", { name: "Place Order" }).click();
    await expect(b.getByText("Order Placed")).toBeVisible();
  });

  await test.step("A's calendar shows the day as ordered by B", async () => {
    await a.reload();
    await a.getByRole("tab", { name: "Menu Calendar" }).click();
    await waitForCalendar(a);
    await weekTwo(a).click();
    await expect(weekTwo(a)).toHaveAttribute("aria-pressed", "true");
    await expect(a.getByText(/Ordered by Grace Mulenga/)).toBeVisible();
  });

  await a.context().close();
  await b.context().close();
});
