import { describe, expect, it, jest } from "@jest/globals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";

const refresh = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const { AuthPage } = await import("@/components/auth/auth-page");
const { SchoolBrandProvider } = await import("@/components/school-brand");
const { toRegisterPayload } = await import("@/lib/validations/auth");
const { toProfilePayload } = await import("@/components/account/profile-dialog");

/** With the app's providers, at the default school unless `name` names another. */
function wrap(children: ReactNode, name = "School Tuckshop") {
  return (
    <SchoolBrandProvider brand={{ name, timeZone: "Africa/Lusaka" }}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </SchoolBrandProvider>
  );
}

describe("registration payload (spec 000 §3)", () => {
  it("joins first and last name, trims, and leaves out empty e-mail and phone", () => {
    expect(
      toRegisterPayload({
        username: " chipo ",
        password: "secret1",
        firstName: "Chipo",
        lastName: "Mwale",
        email: "",
        phone: "  ",
      }),
    ).toEqual({
      username: "chipo",
      password: "secret1",
      name: "Chipo Mwale",
      email: undefined,
      phone: undefined,
    });
  });
});

describe("profile payload (spec 000 §5)", () => {
  it("drops the password fields when no new password is given", () => {
    expect(
      toProfilePayload(
        {
          name: " Ann ",
          email: "a@b.co",
          phone: "",
          currentPassword: "old",
          newPassword: "",
          confirmPassword: "",
        },
        "a@b.co",
      ),
    ).toEqual({ name: "Ann", email: "a@b.co", phone: "" });
  });

  it("keeps the current password, and only it, when the e-mail address changes (issue 43)", () => {
    const values = {
      name: "Ann",
      email: " new@b.co ",
      phone: "",
      currentPassword: "old",
      newPassword: "",
      confirmPassword: "",
    };
    expect(toProfilePayload(values, "a@b.co")).toEqual({
      name: "Ann",
      email: " new@b.co ",
      phone: "",
      currentPassword: "old",
    });
    expect(toProfilePayload({ ...values, email: "" }, "a@b.co")).toMatchObject({
      currentPassword: "old",
    });
    expect(toProfilePayload({ ...values, email: "" }, null)).not.toHaveProperty("currentPassword");
  });

  it("sends the order reminders choice when the form has one (issue 19)", () => {
    expect(toProfilePayload({ name: "Ann", orderReminders: false }, null)).toEqual({
      name: "Ann",
      email: "",
      phone: "",
      orderReminders: false,
    });
  });

  it("keeps them with a new password", () => {
    expect(
      toProfilePayload(
        {
          name: "Ann",
          currentPassword: "old",
          newPassword: "newpass",
          confirmPassword: "newpass",
        },
        null,
      ),
    ).toMatchObject({ currentPassword: "old", newPassword: "newpass", confirmPassword: "newpass" });
  });
});

describe("the authentication page", () => {
  it("shows the spec's texts and field errors under each field", async () => {
    const user = userEvent.setup();
    render(wrap(<AuthPage />));
    expect(
      screen.getByText(/Forgot your username\? Contact .+ at the shop for assistance\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Login to Portal" }));
    expect(await screen.findByText("Username is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toHaveAttribute("aria-invalid", "true");
  });

  it("carries the name of the school at its address (issue 45)", () => {
    render(wrap(<AuthPage />));
    expect(screen.getByRole("heading", { level: 1, name: "School Tuckshop" })).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "New to School Tuckshop? Create an account" }),
    ).toBeInTheDocument();
  });

  it("carries another school's own name, and nothing of the default school's", () => {
    const { container } = render(wrap(<AuthPage />, "Kabulonga Canteen"));
    expect(
      screen.getByRole("heading", { level: 1, name: "Kabulonga Canteen" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Kabulonga Canteen logo" })).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "New to Kabulonga Canteen? Create an account" }),
    ).toBeInTheDocument();
    expect(container).not.toHaveTextContent("School Tuckshop");
  });

  it("clears the form when switching modes", async () => {
    const user = userEvent.setup();
    render(wrap(<AuthPage />));
    await user.type(screen.getByLabelText("Username"), "someone");
    await user.click(screen.getByRole("link", { name: /Create an account/ }));
    expect(screen.getByRole("button", { name: "Create Account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toHaveValue("");
    await user.click(screen.getByRole("link", { name: "Already have an account? Login" }));
    expect(screen.getByLabelText("Username")).toHaveValue("");
  });
});
