import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";

import { BannerProvider, useBanner, type BannerOptions } from "@/components/notifications/banner";

function Trigger({ options, label = "Notify" }: { options: BannerOptions; label?: string }) {
  const { show } = useBanner();
  return (
    <button type="button" onClick={() => show(options)}>
      {label}
    </button>
  );
}

function renderWithBanner(options: BannerOptions) {
  render(
    <BannerProvider>
      <Trigger options={options} />
    </BannerProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Notify" }));
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe("BannerProvider / useBanner", () => {
  // The banner's view is fetched with the first banner (a lazy chunk). Its first import (it and
  // lucide's icons, over a thousand modules) took more than ten seconds in a loaded full run, so it
  // is imported here first, without a deadline of its own; then a first banner, on real timers,
  // has its view at once, and the tests below time each banner to the ms on fake timers.
  beforeAll(async () => {
    await import("@/components/notifications/banner-view");
    renderWithBanner({ type: "info", message: "Loading the view", duration: Infinity });
    await screen.findByRole("status", undefined, { timeout: 10_000 });
    cleanup();
  }, 120_000);

  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    ["success", "status"],
    ["info", "status"],
    ["error", "alert"],
    ["warning", "alert"],
  ] as const)("shows a %s banner with role=%s, its title and message", (type, role) => {
    renderWithBanner({ type, title: "Heads up", message: `A ${type} message` });

    const banner = screen.getByRole(role);
    expect(banner).toHaveTextContent("Heads up");
    expect(banner).toHaveTextContent(`A ${type} message`);
    expect(banner).toHaveAttribute("data-type", type);
    expect(banner).toHaveAttribute("data-state", "open");
  });

  it("closes through its close button, after the 300 ms exit transition", () => {
    renderWithBanner({ type: "error", message: "Could not save the order" });
    const banner = screen.getByRole("alert");

    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));

    // Exit transition: still in the document, marked as closing.
    expect(banner).toHaveAttribute("data-state", "closed");
    advance(299);
    expect(screen.getByRole("alert")).toBe(banner);

    advance(1);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("closes by itself after 3000 ms by default", () => {
    renderWithBanner({ type: "success", message: "Order saved" });
    const banner = screen.getByRole("status");

    advance(2999);
    expect(banner).toHaveAttribute("data-state", "open");

    advance(1);
    expect(banner).toHaveAttribute("data-state", "closed");
    expect(screen.getByRole("status")).toBe(banner);

    advance(300);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("closes by itself after the given duration", () => {
    renderWithBanner({ type: "info", message: "Menu published", duration: 5000 });
    const banner = screen.getByRole("status");

    advance(3000);
    expect(banner).toHaveAttribute("data-state", "open");

    advance(1999);
    expect(banner).toHaveAttribute("data-state", "open");

    advance(1);
    expect(banner).toHaveAttribute("data-state", "closed");

    advance(300);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("keeps several banners independent", () => {
    render(
      <BannerProvider>
        <Trigger
          label="Short"
          options={{ type: "warning", message: "Short one", duration: 1000 }}
        />
        <Trigger label="Long" options={{ type: "warning", message: "Long one" }} />
      </BannerProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Short" }));
    fireEvent.click(screen.getByRole("button", { name: "Long" }));
    expect(screen.getAllByRole("alert")).toHaveLength(2);

    advance(1300);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alert")).toHaveTextContent("Long one");

    advance(2000);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("dismiss(id) closes a banner programmatically", () => {
    function Programmatic() {
      const { show, dismiss } = useBanner();
      return (
        <button
          type="button"
          onClick={() => {
            const id = show({ type: "info", message: "Temporary", duration: Infinity });
            dismiss(id);
          }}
        >
          Flash
        </button>
      );
    }
    render(
      <BannerProvider>
        <Programmatic />
      </BannerProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Flash" }));
    expect(screen.getByRole("status")).toHaveAttribute("data-state", "closed");

    advance(300);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("useBanner throws outside the provider", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Trigger options={{ type: "info", message: "x" }} />)).toThrow(
      "useBanner must be used within <BannerProvider>",
    );
    spy.mockRestore();
  });
});
