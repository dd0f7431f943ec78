import { describe, expect, it, jest } from "@jest/globals";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  TZ,
  baseRoutes,
  cartItem,
  menuItem,
  mockFetch,
  order,
  parentUser,
  renderPortal,
  storeCart,
  student,
  teacherUser,
} from "./portal-harness";

jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const { ParentDashboard } = await import("@/components/parent/parent-dashboard");
const { TeacherPortal } = await import("@/components/teacher/teacher-portal");

describe("the parent dashboard", () => {
  it("has the four tabs, the floating cart button and the switch-to-cart event", async () => {
    storeCart([cartItem()]);
    mockFetch(baseRoutes());
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);

    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["Menu Calendar", "Cart", "Students", "Order History"]);
    expect(await screen.findByRole("heading", { name: "Menu Calendar" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Cart, 1 item" }));
    expect(await screen.findByRole("heading", { name: "Your Cart" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Cart,/ })).toBeNull();

    await userEvent.click(screen.getByRole("tab", { name: "Order History" }));
    expect(await screen.findByRole("heading", { name: "Order History" })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event("switch-to-cart"));
    });
    expect(await screen.findByRole("heading", { name: "Your Cart" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Cart" })).toHaveAttribute("aria-selected", "true");
  });

  it("offers a student selector only with more than one student", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/students": [student(), student({ id: 12, name: "Tendai", grade: "8" })],
        "GET /api/menu": [
          menuItem({ name: "Primary Porridge" }),
          menuItem({ id: 102, name: "Secondary Wrap", type: "secondary" }),
        ],
      }),
    );
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    expect((await screen.findAllByText("Primary Porridge")).length).toBe(5);

    await userEvent.click(screen.getByRole("combobox", { name: "Ordering for" }));
    await userEvent.click(await screen.findByRole("option", { name: "Tendai (Grade 8)" }));
    expect((await screen.findAllByText("Secondary Wrap")).length).toBe(5);
    expect(screen.queryByText("Primary Porridge")).toBeNull();
  });

  it("names the school at its address in its header (issue 45)", async () => {
    mockFetch(baseRoutes());
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />, {
      school: { name: "Kabulonga Canteen", timeZone: TZ },
    });
    await screen.findByRole("heading", { name: "Menu Calendar" });
    expect(within(screen.getByRole("banner")).getByText("Kabulonga Canteen")).toBeInTheDocument();
    expect(screen.queryByText("School Tuckshop")).toBeNull();
  });

  it("says a suspended school's canteen is closed for ordering (issue 45)", async () => {
    mockFetch(baseRoutes());
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />, {
      school: { name: "Kabulonga Canteen", timeZone: TZ, closed: true },
    });
    await screen.findByRole("heading", { name: "Menu Calendar" });
    expect(
      within(screen.getByRole("banner")).getByText("This school's canteen is closed for ordering."),
    ).toBeInTheDocument();
  });

  it("says nothing of closing at an open school", async () => {
    mockFetch(baseRoutes());
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    await screen.findByRole("heading", { name: "Menu Calendar" });
    expect(screen.queryByText(/closed for ordering/)).toBeNull();
  });

  it("has no student selector with one student", async () => {
    mockFetch(baseRoutes());
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    await screen.findByRole("heading", { name: "Menu Calendar" });
    expect(screen.queryByRole("combobox", { name: "Ordering for" })).toBeNull();
  });

  it("puts the discount code and Contact in the small screens' dropdown menu", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/discounts/my-discount-code": { code: "STAFF10", discountPercentage: 10 },
        "GET /api/settings/communication": { supportEmail: "", whatsappNumber: "" },
      }),
    );
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    await screen.findByRole("button", { name: "Discount code STAFF10: 10% off" });
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("STAFF10 · 10% off")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "View Profile" })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Contact" }));
    expect(await screen.findByRole("dialog", { name: "Contact Us" })).toBeInTheDocument();
  });

  it("shows the discount code, Contact Us with WhatsApp, and the terms", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/discounts/my-discount-code": { code: "STAFF10", discountPercentage: 10 },
        "GET /api/settings/communication": { supportEmail: "", whatsappNumber: "+260 97 1234567" },
      }),
    );
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    expect(
      await screen.findByRole("button", { name: "Discount code STAFF10: 10% off" }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole("button", { name: "Contact" })[0]!);
    const chooser = await screen.findByRole("dialog", { name: "Contact Us" });
    await userEvent.click(within(chooser).getByRole("button", { name: "Chat on WhatsApp" }));
    const whatsapp = await screen.findByRole("dialog", { name: "WhatsApp Support" });
    const link = within(whatsapp).getByRole("link", { name: "Open WhatsApp" });
    expect(link.getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/260971234567\?text=.*mary\.banda/,
    );
    await userEvent.keyboard("{Escape}");

    await userEvent.click(screen.getByRole("button", { name: "Terms and Conditions" }));
    const terms = await screen.findByRole("dialog", { name: "Terms and Conditions" });
    expect(within(terms).getByText("Refund Policy")).toBeInTheDocument();
    expect(within(terms).getByText(/3-5 business days/)).toBeInTheDocument();
    expect(within(terms).getByText(/within 48 hours/)).toBeInTheDocument();
  });

  it("hides WhatsApp without a number and validates the e-mail form", async () => {
    const calls = mockFetch(
      baseRoutes({
        "POST /api/contact/email": { status: 500, body: {} },
      }),
    );
    renderPortal(<ParentDashboard user={parentUser} timeZone={TZ} />);
    await userEvent.click(screen.getAllByRole("button", { name: "Contact" })[0]!);
    const chooser = await screen.findByRole("dialog", { name: "Contact Us" });
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/settings/communication")).toBe(true),
    );
    expect(within(chooser).queryByRole("button", { name: /WhatsApp/ })).toBeNull();
    await userEvent.click(within(chooser).getByRole("button", { name: "Send us an email" }));

    const form = await screen.findByRole("dialog", { name: "Send us an email" });
    expect(within(form).getByLabelText("Email")).toHaveValue("mary@example.com");
    await userEvent.type(within(form).getByLabelText("Message"), "Too short");
    await userEvent.click(within(form).getByRole("button", { name: "Send Message" }));
    expect(
      await within(form).findByText("Message must be at least 10 characters long"),
    ).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText("Message"), " but now long enough");
    await userEvent.click(within(form).getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Error sending message")).toBeInTheDocument();
    expect(screen.getByText("Failed to send email")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/contact/email")?.body).toEqual({
      name: "Mary Banda",
      email: "mary@example.com",
      message: "Too short but now long enough",
    });
  });
});

describe("the teacher portal", () => {
  it("has two tabs and orders from the secondary menu for the staff record", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/students": [
          student({
            id: 21,
            name: "Mr Phiri",
            grade: "teacher",
            isStaff: true,
            parentId: 9,
            parent_id: 9,
          }),
        ],
        "GET /api/menu": [
          menuItem({ name: "Primary Porridge" }),
          menuItem({ id: 102, name: "Secondary Wrap", type: "secondary" }),
        ],
      }),
    );
    renderPortal(<TeacherPortal user={teacherUser} timeZone={TZ} />);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "Menu Calendar",
      "Order History",
    ]);
    expect(await screen.findAllByText("Secondary Wrap")).toHaveLength(5);
    expect(screen.getByText(/^Ordering for/)).toHaveTextContent(
      `Ordering for ${teacherUser.name} (Staff)`,
    );
    expect(screen.queryByText("Primary Porridge")).toBeNull();

    await userEvent.click(screen.getAllByRole("button", { name: /^Add to Cart/ })[0]!);
    await userEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Add to Cart" }),
    );
    await waitFor(() => expect(window.localStorage.getItem("cartItems")).not.toBeNull());
    expect(JSON.parse(window.localStorage.getItem("cartItems")!)).toEqual([
      expect.objectContaining({
        studentId: 21,
        student: { id: 21, name: teacherUser.name, grade: "teacher" },
      }),
    ]);

    await userEvent.click(screen.getByRole("button", { name: "Cart, 1 item" }));
    const sheet = await screen.findByRole("dialog", { name: "Cart" });
    expect(within(sheet).getByRole("heading", { name: "Your Cart" })).toBeInTheDocument();
    expect(within(sheet).getByRole("button", { name: "Place Order" })).toBeInTheDocument();
  });

  it("opens the allergies dialog, fetched on first use (issue 20)", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/students": [
          student({ id: 21, name: "Mr Phiri", grade: "teacher", isStaff: true, parentId: 9 }),
        ],
      }),
    );
    renderPortal(<TeacherPortal user={teacherUser} timeZone={TZ} />);
    await userEvent.click(await screen.findByRole("button", { name: "Edit allergies" }));
    expect(
      await screen.findByRole("dialog", { name: "Allergies and dietary notes" }),
    ).toBeInTheDocument();
  });

  it("moves between the tabs with the arrow keys, as WAI-ARIA tabs do", async () => {
    mockFetch(baseRoutes({}));
    renderPortal(<TeacherPortal user={teacherUser} timeZone={TZ} />);
    const [menu, history] = screen.getAllByRole("tab");
    expect(menu).toHaveAttribute("aria-selected", "true");
    expect(history).toHaveAttribute("tabindex", "-1");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", menu!.id);
    menu!.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(history).toHaveFocus();
    expect(history).toHaveAttribute("aria-selected", "true");
    expect(menu).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", history!.id);
    await userEvent.keyboard("{ArrowRight}");
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute("aria-selected", "true");
  });

  it("names the teacher by name in Order History too (issue 44, was the username)", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/students": [
          student({ id: 21, name: "Mr Phiri", grade: "teacher", isStaff: true, parentId: 9 }),
        ],
        "GET /api/orders?includeAll=true": [
          order({ studentId: 21, student: { ...order().student, name: "Mr Phiri" } }),
        ],
      }),
    );
    renderPortal(<TeacherPortal user={teacherUser} timeZone={TZ} />);
    await userEvent.click(screen.getByRole("tab", { name: "Order History" }));
    const history = await screen.findByRole("list");
    await waitFor(() => expect(within(history).getByText(teacherUser.name)).toBeInTheDocument());
    expect(within(history).queryByText("mr.phiri")).toBeNull();
  });
});
