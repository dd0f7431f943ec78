import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startCardPayment } from "@/components/parent/checkout";
import { ACKNOWLEDGE_REQUIRED } from "@/components/portal/add-to-cart-dialog";
import { CartView } from "@/components/portal/cart-view";
import { MenuCalendar } from "@/components/portal/menu-calendar";
import { toRequestItems } from "@/lib/client/cart-checkout";
import {
  TZ,
  baseRoutes,
  cartItem,
  menuItem,
  mockFetch,
  parentUser,
  renderPortal,
  storeCart,
} from "./portal-harness";

// Issue 18: the Menu Calendar marks what the selected child is allergic to, the add-to-cart dialog
// asks for the acknowledgement, and the Cart shows it on the line.

const chipo = { id: 11, name: "Chipo", grade: "3", allergies: ["Peanuts", "Milk"] };
const mwila = { id: 12, name: "Mwila", grade: "3", allergies: [] };
const satay = menuItem({ id: 101, name: "Peanut Satay", allergens: ["Peanuts", "Wheat"] });
const rice = menuItem({ id: 102, name: "Plain Rice", allergens: [] });
const monday = () => screen.getByRole("region", { name: /^Monday/ });

function renderCalendar(student: typeof chipo) {
  mockFetch(baseRoutes({ "GET /api/menu": [satay, rice] }));
  renderPortal(<MenuCalendar student={student} timeZone={TZ} />);
}

async function openAdd(name: string) {
  const day = await waitFor(() => monday());
  await userEvent.click(
    within(day).getByRole("button", { name: new RegExp(`^Add to Cart: ${name}`) }),
  );
  return screen.findByRole("dialog");
}

describe("allergies when ordering", () => {
  it("marks the items that contain the selected child's allergens", async () => {
    renderCalendar(chipo);
    const day = await waitFor(() => monday());
    const satayItem = within(day).getByText("Peanut Satay").closest("li")!;
    expect(within(satayItem).getByText("Contains Peanuts")).toBeInTheDocument();
    const riceItem = within(day).getByText("Plain Rice").closest("li")!;
    expect(within(riceItem).queryByText(/^Contains/)).toBeNull();
  });

  it("asks for the acknowledgement before adding the meal, and keeps it on the line", async () => {
    renderCalendar(chipo);
    const dialog = await openAdd("Peanut Satay");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "Peanut Satay contains Peanuts, which Chipo is allergic to",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));
    expect(within(dialog).getByText(ACKNOWLEDGE_REQUIRED)).toBeInTheDocument();
    expect(window.localStorage.getItem("cartItems")).toBeNull();

    await userEvent.click(
      within(dialog).getByRole("checkbox", {
        name: "I know Peanut Satay contains Peanuts and it is safe for Chipo",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const stored = JSON.parse(window.localStorage.getItem("cartItems")!) as unknown[];
    expect(stored).toEqual([
      expect.objectContaining({ menuItemId: 101, acknowledgedAllergens: ["Peanuts"] }),
    ]);
  });

  it("does not warn for a meal without the child's allergens, nor for a sibling", async () => {
    renderCalendar(mwila);
    const dialog = await openAdd("Peanut Satay");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [line] = JSON.parse(window.localStorage.getItem("cartItems")!) as {
      acknowledgedAllergens: string[];
    }[];
    expect(line?.acknowledgedAllergens).toEqual([]);
  });

  it("shows the acknowledgement on the Cart's line and sends it with the order", async () => {
    const acknowledged = cartItem({
      menuItem: { ...cartItem().menuItem, name: "Peanut Satay" },
      acknowledgedAllergens: ["Peanuts"],
    });
    storeCart([acknowledged]);
    mockFetch(baseRoutes({}));
    renderPortal(
      <CartView
        user={parentUser}
        timeZone={TZ}
        onCheckout={startCardPayment}
        onOrdered={jest.fn()}
        onBrowse={jest.fn()}
      />,
    );
    const line = (await screen.findByText("Peanut Satay")).closest("li")!;
    expect(
      within(line).getByText(/I know Peanut Satay contains Peanuts and it is safe for Chipo/),
    ).toBeInTheDocument();
    expect(toRequestItems([acknowledged], 0)[0]).toMatchObject({ allergyAcknowledged: true });
    expect(toRequestItems([cartItem()], 0)[0]).toMatchObject({ allergyAcknowledged: false });
  });
});
