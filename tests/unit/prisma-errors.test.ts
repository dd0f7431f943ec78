// A unique index broken by a raw statement ($queryRaw: a free cart's one-statement insert) is the
// same conflict as one broken by a Prisma model call: both must become 409, never 500.
import { describe, expect, it } from "@jest/globals";
import { isUniqueViolation } from "@/lib/api/prisma-errors";

function rawQueryError(originalCode: string) {
  return Object.assign(new Error("Raw query failed"), {
    code: "P2010",
    meta: {
      driverAdapterError: {
        name: "DriverAdapterError",
        cause: { originalCode, kind: "postgres", code: originalCode },
      },
    },
  });
}

describe("isUniqueViolation", () => {
  it("recognises a model call's unique violation", () => {
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "P2002" }))).toBe(true);
  });

  it("recognises a raw statement's unique violation (SQLSTATE 23505)", () => {
    expect(isUniqueViolation(rawQueryError("23505"))).toBe(true);
  });

  it("leaves every other raw failure alone", () => {
    expect(isUniqueViolation(rawQueryError("42601"))).toBe(false);
    expect(isUniqueViolation(rawQueryError("23503"))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("x"), { code: "P2010" }))).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
  });
});
