import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { Toaster } from "@/components/ui/sonner";

// Issue 22 part 9: /?emailVerified=error&message=... printed the address's text in the school's
// own toast. The toast shows only fixed texts, chosen by the link's reason code; the parameters
// are then removed from the address (spec 001 §2).

let search = new URLSearchParams();
const replace = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ replace, refresh: jest.fn(), push: jest.fn() }),
  useSearchParams: () => search,
}));

const { EmailVerifiedToast } = await import("@/components/email-verified-toast");

const ATTACKER = "Call 0977 000 111 for your refund";

/** Opens "/" with this query string, as the browser would after the link's redirect. */
function open(query: string) {
  window.history.replaceState(null, "", `/${query}`);
  search = new URLSearchParams(query);
  render(
    <>
      <EmailVerifiedToast />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  toast.dismiss();
  replace.mockClear();
});

describe("EmailVerifiedToast", () => {
  const DEFAULT = "There was an error verifying your email address.";
  it.each([
    ["a message", `?emailVerified=error&message=${encodeURIComponent(ATTACKER)}`, DEFAULT],
    ["an unknown reason", `?emailVerified=error&reason=${encodeURIComponent(ATTACKER)}`, DEFAULT],
    ["a reason naming Object's prototype", "?emailVerified=error&reason=toString", DEFAULT],
    [
      "a known reason and a message",
      `?emailVerified=error&reason=invalid&message=${encodeURIComponent(ATTACKER)}`,
      "The link is invalid or has expired.",
    ],
  ])("never shows the address's own text: %s", async (_label, query, shown) => {
    open(query);
    expect(await screen.findByText("Email Verification Failed")).toBeInTheDocument();
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/0977|refund|function/i);
  });

  it("shows the fixed text of the verification link's reason code", async () => {
    open("?emailVerified=error&reason=invalid");
    expect(await screen.findByText("Email Verification Failed")).toBeInTheDocument();
    expect(await screen.findByText("The link is invalid or has expired.")).toBeInTheDocument();
  });

  it("shows success, and removes only its own parameters from the address", async () => {
    open(
      `?tab=orders&emailVerified=success&reason=invalid&message=${encodeURIComponent(ATTACKER)}`,
    );
    expect(await screen.findByText("Email Verified Successfully")).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith("/?tab=orders", { scroll: false });
  });

  it("removes the error's parameters too", async () => {
    open(`?emailVerified=error&message=${encodeURIComponent(ATTACKER)}`);
    expect(await screen.findByText("Email Verification Failed")).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith("/", { scroll: false });
  });
});
