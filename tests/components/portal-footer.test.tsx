import { describe, expect, it, jest } from "@jest/globals";
import { render, screen } from "@testing-library/react";
import { PortalFooter } from "@/components/portal/portal-footer";
import { DEVELOPER_CREDIT, DEVELOPER_URL } from "@/lib/brand";

describe("the portal footer (spec 000 §2)", () => {
  it("links the powered-by credit to the address in lib/brand.ts, in a new tab", () => {
    render(<PortalFooter onShowTerms={jest.fn()} />);
    const link = screen.getByRole("link", { name: DEVELOPER_CREDIT });
    expect(link).toHaveAttribute("href", DEVELOPER_URL);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
