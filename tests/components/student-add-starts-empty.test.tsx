import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StudentsTab } from "@/components/parent/students-tab";
import { baseRoutes, mockFetch, parentUser, renderPortal, student } from "./portal-harness";

// Issue 44, item 5: after adding one child, Add Student opened filled with that child's class,
// allergies, notes and ticked consent, and the sibling was saved with them.
describe("Add Student", () => {
  it("starts empty, with consent unticked, after a child was added", async () => {
    const calls = mockFetch(
      baseRoutes({
        "POST /api/students": (body: unknown) => ({
          status: 201,
          body: student({ id: 13, ...(body as object) }),
        }),
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);

    await userEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    let dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Name"), "Chanda");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Grade" }));
    await userEvent.click(await screen.findByRole("option", { name: "Grade 3" }));
    await userEvent.type(within(dialog).getByLabelText("Class (optional)"), "3B");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Peanuts" }));
    await userEvent.type(
      within(dialog).getByLabelText("Dietary notes (optional)"),
      "No pork please",
    );
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /I agree/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Student" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      name: "Chanda",
      className: "3B",
      allergies: ["Peanuts"],
      allergyConsent: true,
    });

    await userEvent.click(screen.getByRole("button", { name: "Add Student" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Name")).toHaveValue("");
    expect(within(dialog).getByLabelText("Class (optional)")).toHaveValue("");
    expect(within(dialog).getByLabelText("Dietary notes (optional)")).toHaveValue("");
    expect(within(dialog).getByRole("combobox", { name: "Grade" })).toHaveTextContent(
      "Select a grade",
    );
    for (const box of within(dialog.querySelector('[role="group"]') as HTMLElement).getAllByRole(
      "checkbox",
    )) {
      expect(box).not.toBeChecked();
    }
    // Ticking an allergy asks for consent again, unticked.
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Milk" }));
    expect(within(dialog).getByRole("checkbox", { name: /I agree/ })).not.toBeChecked();
  }, 20_000);
});
