import { describe, expect, it, jest } from "@jest/globals";
import { log } from "@/lib/observability/log";
import { installShutdownHandlers } from "@/lib/server-startup";

// Issue 24 §6: `next dev` printed "NEXT_MANUAL_SIG_HANDLE is not set" on every start, a warning
// about nothing the developer did. Outside production there is nothing to drain: no warning.

describe("starting outside production", () => {
  it("says nothing about NEXT_MANUAL_SIG_HANDLE", () => {
    const saved = process.env.NEXT_MANUAL_SIG_HANDLE;
    delete process.env.NEXT_MANUAL_SIG_HANDLE;
    const warn = jest.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      installShutdownHandlers();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      if (saved !== undefined) process.env.NEXT_MANUAL_SIG_HANDLE = saved;
    }
  });
});
