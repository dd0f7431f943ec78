import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SettingsSection } from "@/components/admin/settings/settings-section";
import { StudentsTab } from "@/components/parent/students-tab";
import { ALLERGENS } from "@/lib/contracts/allergies";
import { allergenIsBuiltIn, allergenAlreadyListed } from "@/lib/validations/settings";
import {
  baseRoutes,
  mockFetch,
  parentUser,
  renderPortal,
  student,
  type FetchCall,
} from "./portal-harness";

// Issue 44, item 6: the school's own allergens, kept in Settings › Allergens, are offered on the
// child's form after the built-ins.

jest.setTimeout(20_000);

const allergens = (custom: string[]) => ({ builtIn: [...ALLERGENS], custom });
const posts = (calls: FetchCall[]) => calls.filter((c) => c.method === "POST");

describe("Settings › Allergens", () => {
  it("shows the built-ins read-only, adds the school's own and removes one", async () => {
    const user = userEvent.setup();
    let saved = ["Mango"];
    const calls = mockFetch({
      "GET /api/discount-codes": { data: [] },
      "GET /api/settings/allergens": () => allergens(saved),
      "POST /api/settings/allergens": (body: unknown) => {
        saved = (body as { custom: string[] }).custom;
        return allergens(saved);
      },
    });
    renderPortal(<SettingsSection />);
    await user.click(screen.getByRole("tab", { name: "Allergens" }));

    const standard = await screen.findByRole("region", { name: "Standard allergens" });
    for (const name of ALLERGENS) expect(within(standard).getByText(name)).toBeInTheDocument();
    expect(within(standard).queryByRole("button")).toBeNull();
    const own = screen.getByRole("region", { name: "The school's allergens" });
    expect(await within(own).findByText("Mango")).toBeInTheDocument();

    const field = screen.getByLabelText("New allergen");
    await user.type(field, "milk");
    await user.click(screen.getByRole("button", { name: "Add Allergen" }));
    expect(await screen.findByText(allergenIsBuiltIn("milk"))).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "MANGO");
    await user.click(screen.getByRole("button", { name: "Add Allergen" }));
    expect(await screen.findByText(allergenAlreadyListed("MANGO"))).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "  Mustard   seed ");
    await user.click(screen.getByRole("button", { name: "Add Allergen" }));
    expect(await screen.findByText("Allergens saved successfully")).toBeInTheDocument();
    expect(posts(calls)[0]?.body).toEqual({ custom: ["Mango", "Mustard seed"] });
    expect(await within(own).findByText("Mustard seed")).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(""));

    await user.click(within(own).getByRole("button", { name: "Remove Mango" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toEqual({ custom: ["Mustard seed"] });
    await waitFor(() => expect(within(own).queryByText("Mango")).toBeNull());
  });

  it("toasts the server's refusal to remove one that children carry", async () => {
    const user = userEvent.setup();
    const message = "Mango is recorded for 2 children. Remove it from them first.";
    mockFetch({
      "GET /api/discount-codes": { data: [] },
      "GET /api/settings/allergens": allergens(["Mango"]),
      "POST /api/settings/allergens": { status: 409, body: { message } },
    });
    renderPortal(<SettingsSection />);
    await user.click(screen.getByRole("tab", { name: "Allergens" }));
    await user.click(await screen.findByRole("button", { name: "Remove Mango" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "The school's allergens" })).toHaveTextContent(
      "Mango",
    );
  });
});

describe("the child's form", () => {
  it("offers the school's own allergens after the built-ins and sends the one ticked", async () => {
    const user = userEvent.setup();
    const calls = mockFetch(
      baseRoutes({
        "GET /api/settings/allergens": allergens(["Mango", "Mustard seed"]),
        "POST /api/students": (body: unknown) => ({
          status: 201,
          body: student({ id: 13, ...(body as object) }),
        }),
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    await user.click(await screen.findByRole("button", { name: "Add Student" }));
    const dialog = await screen.findByRole("dialog");
    const group = within(dialog).getByRole("group", { name: "Allergies" });
    await within(group).findByRole("checkbox", { name: "Mango" });
    const names = within(group)
      .getAllByRole("checkbox")
      .map((box) => box.closest("label")?.textContent);
    expect(names).toEqual([...ALLERGENS, "Mango", "Mustard seed"]);

    await user.type(within(dialog).getByLabelText("Name"), "Chanda");
    await user.click(within(dialog).getByRole("combobox", { name: "Grade" }));
    await user.click(await screen.findByRole("option", { name: "Grade 3" }));
    await user.click(within(group).getByRole("checkbox", { name: "Mango" }));
    await user.click(within(dialog).getByRole("checkbox", { name: /I agree/ }));
    await user.click(within(dialog).getByRole("button", { name: "Add Student" }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({
      name: "Chanda",
      allergies: ["Mango"],
      allergyConsent: true,
    });
  });
});
