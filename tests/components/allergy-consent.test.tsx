import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StudentsTab } from "@/components/parent/students-tab";
import { ALLERGY_CONSENT_REQUIRED } from "@/lib/validations/students";
import { baseRoutes, mockFetch, parentUser, renderPortal, student } from "./portal-harness";

// Consent to keeping a child's allergies (issue 26), in the Students tab's dialog.

const sentence =
  "I agree that the school keeps Chipo's allergies and dietary notes, to warn me when I order " +
  "and to tell the kitchen; only staff who prepare and serve meals see them.";

async function editChipo(chipo = student()) {
  const calls = mockFetch(
    baseRoutes({
      "GET /api/students": [chipo],
      "PUT /api/students/11": (body: unknown) => ({ ...chipo, ...(body as object) }),
    }),
  );
  renderPortal(<StudentsTab user={parentUser} />);
  await userEvent.click(await screen.findByRole("button", { name: "Edit Chipo" }));
  const dialog = await screen.findByRole("dialog");
  const saved = () => calls.find((c) => c.method === "PUT")?.body as Record<string, unknown>;
  return { dialog, saved, calls };
}

describe("consent to keeping allergies", () => {
  it("is asked the first time an allergy is recorded, and sent with the save", async () => {
    const { dialog, saved, calls } = await editChipo();
    expect(within(dialog).queryByText(sentence)).toBeNull();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Peanuts" }));
    expect(within(dialog).getByText(sentence)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByText(ALLERGY_CONSENT_REQUIRED)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    await userEvent.click(within(dialog).getByRole("checkbox", { name: sentence }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(saved()).toMatchObject({ allergies: ["Peanuts"], allergyConsent: true }),
    );
  }, 15_000);

  it("is not asked again, and clearing every allergy and note withdraws it", async () => {
    const { dialog, saved } = await editChipo(
      student({ allergies: ["Peanuts"], dietaryNotes: "No pork" }),
    );
    expect(within(dialog).queryByText(/I agree that the school keeps/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Peanuts" }));
    await userEvent.clear(within(dialog).getByLabelText("Dietary notes (optional)"));
    expect(within(dialog).queryByText(/I agree that the school keeps/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(saved()).toMatchObject({ allergies: [], dietaryNotes: null, allergyConsent: false }),
    );
  }, 15_000);
});
