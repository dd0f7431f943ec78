import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MenuItemDto } from "@/lib/contracts";
import { menuItem, mockFetch, renderPortal, type Routes } from "./portal-harness";

const push = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), replace: jest.fn(), push }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => "/",
}));

const { MenuItemForm } = await import("@/components/admin/menu/menu-item-form");
const { MenuManagementSection } = await import("@/components/admin/menu/menu-management-section");
const { EditMenuItem } = await import("@/components/admin/menu/edit-menu-item");

const saved = (body: unknown) => ({ ...menuItem(), ...(body as object), id: 301, version: 1 });

function renderForm(
  props: Partial<React.ComponentProps<typeof MenuItemForm>> = {},
  routes: Routes = {},
) {
  const calls = mockFetch({ "POST /api/menu": saved, ...routes });
  const onSaved = jest.fn();
  const onDuplicated = jest.fn();
  renderPortal(<MenuItemForm onSaved={onSaved} onDuplicated={onDuplicated} {...props} />);
  return { calls, onSaved, onDuplicated };
}

function item(overrides: Partial<MenuItemDto> = {}): MenuItemDto {
  return menuItem({ categories: ["beef"], weekNumbers: [1], daysOfWeek: [1], ...overrides });
}

describe("the menu item form", () => {
  it("strips non-digits from the price and refuses a second dot or a third decimal", async () => {
    renderForm();
    const price = screen.getByLabelText("Price (ZMW)");
    await userEvent.type(price, "1a2.3.4x5");
    expect(price).toHaveValue("12.34");
    await userEvent.clear(price);
    await userEvent.type(price, "..7");
    expect(price).toHaveValue(".7");
  });

  it("adds custom proteins lower-cased, trimmed and only once", async () => {
    renderForm();
    const custom = screen.getByLabelText("Custom protein");
    await userEvent.type(custom, "  Goat  ");
    await userEvent.click(screen.getByRole("button", { name: "Add Protein" }));
    expect(screen.getByRole("checkbox", { name: "Goat" })).toBeChecked();
    expect(custom).toHaveValue("");

    await userEvent.type(custom, "GOAT{Enter}");
    expect(screen.getAllByRole("checkbox", { name: "Goat" })).toHaveLength(1);
    await userEvent.type(custom, " Beef {Enter}");
    expect(screen.getAllByRole("checkbox", { name: "Beef" })).toHaveLength(1);
    expect(screen.getByRole("checkbox", { name: "Beef" })).toBeChecked();
    // A chosen protein gets its optional description field.
    expect(screen.getByLabelText("Goat description (optional)")).toBeInTheDocument();
  });

  it("shows the shared schema's messages under the fields", async () => {
    const { calls } = renderForm();
    await userEvent.type(screen.getByLabelText("Image URL"), "not a url");
    await userEvent.click(screen.getByRole("button", { name: "Add Menu Item" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(
      screen.getByText("Price must be a valid positive number with up to 2 decimal places"),
    ).toBeInTheDocument();
    expect(screen.getByText("Invalid URL")).toBeInTheDocument();
    expect(screen.getByText("Select at least one category")).toBeInTheDocument();
    expect(screen.getByText("Select at least one week")).toBeInTheDocument();
    expect(screen.getByText("Select at least one day")).toBeInTheDocument();
    // The type is chosen, never silently "secondary" (issue 25).
    expect(screen.getByText("Choose primary, secondary or counter")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("creates a counter item: no proteins, sides or schedule asked, a daily cap (issue 47)", async () => {
    const { calls } = renderForm();
    await userEvent.click(screen.getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Counter" }));
    expect(screen.queryByRole("checkbox", { name: "Chicken" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Week 1" })).toBeNull();
    expect(screen.queryByLabelText("Side dish")).toBeNull();
    await userEvent.type(screen.getByLabelText("Name"), "Chicken Wrap");
    await userEvent.type(screen.getByLabelText("Price (ZMW)"), "12.5");
    await userEvent.type(screen.getByLabelText("Daily cap (portions)"), "4x0");
    expect(screen.getByLabelText("Daily cap (portions)")).toHaveValue("40");
    await userEvent.click(screen.getByRole("button", { name: "Add Menu Item" }));
    expect(await screen.findByText("Menu item created successfully")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/menu");
    expect(post?.body).toMatchObject({
      name: "Chicken Wrap",
      price: "12.50",
      type: "counter",
      categories: [],
      weekNumbers: [],
      daysOfWeek: [],
      sideDishes: [],
      dailyCap: 40,
    });
  });

  it("creates an item: price as a string, imageUrl null when empty, the chosen type, available", async () => {
    const { calls, onSaved } = renderForm();
    await userEvent.click(screen.getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Secondary" }));
    await userEvent.type(screen.getByLabelText("Name"), "Rice and Chicken");
    await userEvent.type(screen.getByLabelText("Price (ZMW)"), "45.5");
    await userEvent.click(screen.getByRole("checkbox", { name: "Chicken" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Milk" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Week 2" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    await userEvent.type(screen.getByLabelText("Side dish"), "   {Enter}");
    expect(screen.queryByRole("list", { name: "Side dishes" })).toBeNull();
    await userEvent.type(screen.getByLabelText("Side dish"), "Coleslaw{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Add Menu Item" }));

    expect(await screen.findByText("Menu item created successfully")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/menu");
    expect(post?.body).toMatchObject({
      name: "Rice and Chicken",
      price: "45.50",
      imageUrl: null,
      type: "secondary",
      categories: ["chicken"],
      allergens: ["Milk"],
      weekNumbers: [2],
      daysOfWeek: [1],
      sideDishes: ["Coleslaw"],
      isAvailable: true,
    });
    expect(post?.body).not.toHaveProperty("version");
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("updates with the loaded version and shows the server's message on a conflict", async () => {
    const edited = { ...item(), version: 4 };
    let status = 200;
    const { calls, onSaved } = renderForm(
      { item: edited, hasOrders: false },
      {
        "PUT /api/menu/101": (body: unknown) =>
          status === 409
            ? { status: 409, body: { message: "This menu item was changed by someone else" } }
            : { ...edited, ...(body as object), version: 5 },
      },
    );
    const price = screen.getByLabelText("Price (ZMW)");
    await userEvent.clear(price);
    await userEvent.type(price, "60");
    await userEvent.click(screen.getByRole("button", { name: "Update Menu Item" }));
    expect(await screen.findByText("Menu item updated successfully")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({ name: edited.name, price: "60.00", version: 4 });
    expect(onSaved).toHaveBeenCalledTimes(1);

    status = 409;
    await userEvent.click(screen.getByRole("button", { name: "Update Menu Item" }));
    expect(
      await screen.findByText("This menu item was changed by someone else"),
    ).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("locks the name of an item with orders and offers to duplicate it", async () => {
    const { calls, onDuplicated } = renderForm(
      { item: { ...item(), version: 2 } },
      {
        "GET /api/menu/101/has-orders": { hasOrders: true },
        "POST /api/menu/duplicate": [menuItem({ id: 202, name: "Copy of Nshima" })],
      },
    );
    const name = await screen.findByLabelText("Name (Cannot be changed due to existing orders)");
    expect(name).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Change menu item name" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Cannot Change Menu Item Name" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep Current Name" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(name).toHaveValue(menuItem().name);

    await userEvent.click(screen.getByRole("button", { name: "Change menu item name" }));
    dialog = await screen.findByRole("alertdialog", { name: "Cannot Change Menu Item Name" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Duplicate Item" }));
    await waitFor(() => expect(onDuplicated).toHaveBeenCalledWith(202));
    expect(calls.find((c) => c.path === "/api/menu/duplicate")?.body).toEqual({ itemIds: [101] });
    expect(
      await screen.findByText("Menu item duplicated. You can now modify the new copy."),
    ).toBeInTheDocument();
  });
});

const active = item({ id: 101, name: "Beef Stew" });
const activeWithoutOrders = item({ id: 102, name: "Veg Curry", weekNumbers: [2] });
const archived = item({ id: 103, name: "Old Pie", isArchived: true });

function renderSection(routes: Routes = {}) {
  const calls = mockFetch({
    "GET /api/menu": [active, activeWithoutOrders, archived],
    "POST /api/menu/has-orders-batch": { "101": true, "102": false, "103": true },
    ...routes,
  });
  renderPortal(<MenuManagementSection />);
  return calls;
}

describe("the menu management section", () => {
  it("lists active items in a table and archived ones behind the switch", async () => {
    renderSection();
    expect(await screen.findByRole("cell", { name: "Beef Stew" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Veg Curry" })).toBeInTheDocument();
    expect(screen.queryByText("Old Pie")).toBeNull();

    await userEvent.click(screen.getByRole("switch", { name: "Show archived items" }));
    expect(await screen.findByRole("cell", { name: "Old Pie" })).toBeInTheDocument();
    expect(screen.queryByText("Beef Stew")).toBeNull();
    expect(screen.getByRole("button", { name: "Unarchive Old Pie" })).toBeInTheDocument();
  });

  it("opens the view the address names (archived items in a grid), ignoring a bad value", async () => {
    mockFetch({
      "GET /api/menu": [active, activeWithoutOrders, archived],
      "POST /api/menu/has-orders-batch": { "101": true, "102": false, "103": true },
    });
    renderPortal(<MenuManagementSection />, {
      address: "/?section=menu&archived=1&view=grid&availability=maybe",
    });
    expect(await screen.findByRole("switch", { name: "Show archived items" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    expect(await screen.findByText("Old Pie")).toBeInTheDocument();
    expect(screen.queryByText("Beef Stew")).toBeNull();
  });

  it("offers delete only for items without orders", async () => {
    const calls = renderSection({
      "DELETE /api/menu/102": { success: true },
    });
    expect(await screen.findByRole("button", { name: "Delete Veg Curry" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Beef Stew" })).toBeNull();
    expect(screen.getByRole("button", { name: "Archive Beef Stew" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/menu/has-orders-batch")?.body).toEqual({
      menuItemIds: [101, 102, 103],
    });

    await userEvent.click(screen.getByRole("button", { name: "Delete Veg Curry" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Menu Item" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Menu item deleted successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/menu/102")).toBe(true);
  });

  it("archives after confirmation", async () => {
    const calls = renderSection({ "PATCH /api/menu/101/archive": { success: true } });
    await userEvent.click(await screen.findByRole("button", { name: "Archive Beef Stew" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Archive Menu Item" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Archive" }));
    expect(await screen.findByText("Menu item archived successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/menu/101/archive")?.body).toEqual({
      isArchived: true,
    });
  });

  it("archives the selected rows in one call and clears the selection", async () => {
    const calls = renderSection({ "POST /api/menu/bulk-archive": { updated: 2 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Select Beef Stew" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Veg Curry" }));
    const toolbar = screen.getByRole("toolbar", { name: "Selected menu items" });
    expect(toolbar).toHaveTextContent("2 items selected");
    expect(within(toolbar).queryByRole("button", { name: "Unarchive selected" })).toBeNull();
    await user.click(within(toolbar).getByRole("button", { name: "Archive selected" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Archive Menu Items" });
    expect(dialog).toHaveTextContent("Archive the 2 items selected?");
    await user.click(within(dialog).getByRole("button", { name: "Archive" }));

    expect(
      await screen.findByText("Selected menu items archived successfully"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/menu/bulk-archive")?.body).toEqual({
      itemIds: [101, 102],
      isArchived: true,
    });
    await waitFor(() => expect(screen.queryByRole("toolbar")).toBeNull());
    expect(screen.getByRole("checkbox", { name: "Select Beef Stew" })).not.toBeChecked();
  });

  it("archives nothing when the confirmation is cancelled", async () => {
    const calls = renderSection({ "POST /api/menu/bulk-archive": { updated: 1 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Select Beef Stew" }));
    await user.click(screen.getByRole("button", { name: "Archive selected" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Archive Menu Items" });
    expect(dialog).toHaveTextContent("Archive the 1 item selected?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.path === "/api/menu/bulk-archive")).toBe(false);
    expect(screen.getByRole("toolbar")).toHaveTextContent("1 item selected");
  });

  it("unarchives the selected archived items, and selects all shown with the header box", async () => {
    const calls = renderSection({ "POST /api/menu/bulk-archive": { updated: 1 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Show archived items" }));
    await user.click(await screen.findByRole("checkbox", { name: "Select all menu items shown" }));
    const toolbar = screen.getByRole("toolbar", { name: "Selected menu items" });
    expect(toolbar).toHaveTextContent("1 item selected");
    await user.click(within(toolbar).getByRole("button", { name: "Unarchive selected" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unarchive Menu Items" });
    await user.click(within(dialog).getByRole("button", { name: "Unarchive" }));
    expect(
      await screen.findByText("Selected menu items unarchived successfully"),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/menu/bulk-archive")?.body).toEqual({
      itemIds: [103],
      isArchived: false,
    });
  });

  it("duplicates the selected rows, and keeps the selection when the server refuses", async () => {
    let refuse = true;
    const calls = renderSection({
      "POST /api/menu/duplicate": () =>
        refuse ? { status: 500, body: null } : [item({ id: 201, name: "Beef Stew (Copy)" })],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Select Beef Stew" }));
    await user.click(screen.getByRole("button", { name: "Duplicate selected" }));
    expect(await screen.findByText("Failed to duplicate menu item")).toBeInTheDocument();
    expect(screen.getByRole("toolbar")).toHaveTextContent("1 item selected");

    refuse = false;
    await user.click(screen.getByRole("button", { name: "Duplicate selected" }));
    expect(
      await screen.findByText("Selected menu items duplicated successfully"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/menu/duplicate").map((c) => c.body)).toEqual([
      { itemIds: [101] },
      { itemIds: [101] },
    ]);
  });

  it("refuses a non-CSV file and lists the rows the upload rejected", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = renderSection({
      "POST /api/menu/bulk-upload": {
        successCount: 0,
        errorCount: 1,
        errors: ["Row 3: Name is required", "Row 3: Select at least one day"],
        createdCount: 0,
        updatedCount: 0,
      },
    });
    // The card says how a file is saved (issue 44): whole or not at all, same names updated.
    expect(
      screen.getByText(
        /if any row has an error, nothing is saved\. A row with the name of a current menu item updates that item/,
      ),
    ).toBeInTheDocument();
    await screen.findByRole("cell", { name: "Beef Stew" });

    await user.click(screen.getByRole("button", { name: "Upload CSV" }));
    expect(await screen.findByText("No File Selected")).toBeInTheDocument();

    const input = screen.getByLabelText("CSV file");
    await user.upload(input, new File(["x"], "menu.txt", { type: "text/plain" }));
    expect(await screen.findByText("Invalid File Type")).toBeInTheDocument();
    expect(screen.getByText("Please select a CSV file.")).toBeInTheDocument();

    await user.upload(input, new File(["name,price"], "menu.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Upload CSV" }));
    expect(await screen.findByText("Nothing Uploaded")).toBeInTheDocument();
    expect(
      screen.getByText(
        "0 menu items uploaded successfully. 1 item had an error. Nothing was saved: fix the rows listed and upload the file again.",
      ),
    ).toBeInTheDocument();
    const alert = screen
      .getAllByRole("alert")
      .find((el) => within(el).queryByText("Upload Errors"));
    expect(alert).toBeDefined();
    expect(
      within(alert!).getByText("Nothing was saved: fix the rows listed and upload the file again."),
    ).toBeInTheDocument();
    expect(within(alert!).getByText("Row 3: Name is required")).toBeInTheDocument();
    expect(within(alert!).getByText("Row 3: Select at least one day")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/menu/bulk-upload")).toBe(true);
  });

  it("says so when the upload fails", async () => {
    const user = userEvent.setup();
    renderSection({ "POST /api/menu/bulk-upload": { status: 500, body: {} } });
    await user.upload(
      screen.getByLabelText("CSV file"),
      new File(["name"], "menu.csv", { type: "text/csv" }),
    );
    await user.click(screen.getByRole("button", { name: "Upload CSV" }));
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload menu items")).toBeInTheDocument();
  });

  it("filters by week and shows an item's details", async () => {
    renderSection();
    await screen.findByRole("cell", { name: "Beef Stew" });
    await userEvent.click(screen.getByRole("combobox", { name: "Filter by week" }));
    await userEvent.click(await screen.findByRole("option", { name: "Week 2" }));
    await waitFor(() => expect(screen.queryByText("Beef Stew")).toBeNull());
    expect(screen.getByRole("cell", { name: "Veg Curry" })).toBeInTheDocument();
    // The filter is in the address, so the view can be reloaded or sent to a colleague.
    expect(new URLSearchParams(window.location.search).get("week")).toBe("2");
    await userEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(new URLSearchParams(window.location.search).has("week")).toBe(false);
    expect(await screen.findByRole("cell", { name: "Beef Stew" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "View Beef Stew" }));
    const dialog = await screen.findByRole("dialog", { name: "Beef Stew" });
    expect(within(dialog).getByRole("link", { name: "Edit Item" })).toHaveAttribute(
      "href",
      "/menu/edit/101",
    );
  });

  it("reports a failed fetch", async () => {
    renderSection({ "GET /api/menu": { status: 500, body: {} } });
    expect(await screen.findAllByText("Failed to fetch menu items")).not.toHaveLength(0);
  });
});

describe("the edit screen", () => {
  it("says when the item cannot be loaded", async () => {
    mockFetch({
      "GET /api/menu/999": { status: 404, body: { message: "Menu item not found" } },
      "GET /api/menu/999/has-orders": { status: 404, body: { message: "Menu item not found" } },
    });
    renderPortal(<EditMenuItem itemId={999} />);
    expect(
      await screen.findByText("Failed to load menu item: Menu item not found"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Menu" })).toHaveAttribute("href", "/");
  });

  it("says 'Failed to check order status' and keeps the name locked when the check fails", async () => {
    mockFetch({
      "GET /api/menu/101": { ...item(), version: 7 },
      "GET /api/menu/101/has-orders": { status: 500, body: {} },
    });
    renderPortal(<EditMenuItem itemId={101} />);
    expect(await screen.findByText("Failed to check order status")).toBeInTheDocument();
    expect(
      await screen.findByLabelText("Name (Cannot be changed due to existing orders)"),
    ).toBeDisabled();
  });

  it("returns to / after saving", async () => {
    push.mockClear();
    mockFetch({
      "GET /api/menu/101": { ...item(), version: 7 },
      "GET /api/menu/101/has-orders": { hasOrders: false },
      "PUT /api/menu/101": (body: unknown) => ({ ...item(), ...(body as object), version: 8 }),
    });
    renderPortal(<EditMenuItem itemId={101} />);
    await userEvent.click(await screen.findByRole("button", { name: "Update Menu Item" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/"));
  });
});

describe("the menu template and the add panel", () => {
  it("downloads menu-items-template.csv", async () => {
    const created: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return "blob:template";
      },
      revokeObjectURL: () => {},
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderSection();
    await userEvent.click(screen.getByRole("button", { name: "Download Template" }));
    expect(await screen.findByText("Template Downloaded")).toBeInTheDocument();
    expect(names).toEqual(["menu-items-template.csv"]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    expect(text).toMatch(/^name,description,price,/);
    click.mockRestore();
  });

  it("collapses the add panel and refreshes the list after a save", async () => {
    const calls = renderSection({ "POST /api/menu": saved });
    await screen.findByRole("cell", { name: "Beef Stew" });
    await userEvent.click(screen.getByRole("button", { name: /Add New Menu Item/ }));
    await userEvent.type(await screen.findByLabelText("Name"), "Samosa");
    await userEvent.type(screen.getByLabelText("Price (ZMW)"), "10");
    await userEvent.click(screen.getByRole("checkbox", { name: "Vegetarian" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Week 1" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Friday" }));
    await userEvent.click(screen.getByRole("combobox", { name: "Type" }));
    await userEvent.click(await screen.findByRole("option", { name: "Primary" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Menu Item" }));
    expect(await screen.findByText("Menu item created successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText("Name")).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "GET" && c.path === "/api/menu")).toHaveLength(2),
    );
  });
});
