import { describe, expect, it } from "@jest/globals";
import { approveText, pushOutcome } from "@/lib/client/mobile-payment";
import { operatorLimitError, paymentMethodText } from "@/lib/contracts/mobile-money";
import {
  maskNational,
  NUMBER_INVALID,
  NUMBER_REQUIRED,
  NUMBER_UNKNOWN_OPERATOR,
  NUMBER_ZAMTEL,
  operatorMismatch,
  parseMobileNumber,
} from "@/lib/validations/mobile-number";

// Issue 16: a Zambian mobile-money number in any common form, its operator from the prefix.

describe("parseMobileNumber: operators by prefix", () => {
  it.each([
    ["0977123456", "airtel"],
    ["0777123456", "airtel"],
    ["0967123456", "mtn"],
    ["0767123456", "mtn"],
  ] as const)("%s is %s", (text, operator) => {
    const parsed = parseMobileNumber(text);
    expect(parsed).toEqual({
      ok: true,
      number: {
        operator,
        international: `260${text.slice(1)}`,
        national: text,
        masked: `${text.slice(0, 3)}****${text.slice(-3)}`,
      },
    });
  });

  it.each(["0957123456", "0757123456"])("refuses Zamtel's %s until it is supported", (text) => {
    expect(parseMobileNumber(text)).toEqual({ ok: false, error: NUMBER_ZAMTEL });
  });

  it("refuses a valid mobile number of no operator we take", () => {
    expect(parseMobileNumber("0987123456")).toEqual({ ok: false, error: NUMBER_UNKNOWN_OPERATOR });
  });
});

describe("parseMobileNumber: the forms a parent types", () => {
  it.each([
    "0977 123 456",
    "0977123456",
    "+260977123456",
    "260977123456",
    "+260 977 123 456",
    "  0977-123-456  ",
    "(097) 712 3456",
    "00260977123456",
    "977123456",
    "０９７７１２３４５６",
  ])("reads %j as 260977123456", (text) => {
    const parsed = parseMobileNumber(text);
    expect(parsed.ok && parsed.number.international).toBe("260977123456");
    expect(parsed.ok && parsed.number.masked).toBe("097****456");
  });

  it.each([
    ["", NUMBER_REQUIRED],
    ["   ", NUMBER_REQUIRED],
    ["097712345", NUMBER_INVALID], // 9 digits with the 0
    ["09771234567", NUMBER_INVALID], // 11 digits
    ["0977123456789", NUMBER_INVALID],
    ["+26097712345", NUMBER_INVALID],
    ["0211123456", NUMBER_INVALID], // Lusaka landline
    ["0212123456", NUMBER_INVALID], // Copperbelt landline
    ["+27821234567", NUMBER_INVALID], // a South African mobile
    ["abc", NUMBER_INVALID],
    ["0977123456x", NUMBER_INVALID],
    ["call 0977123456", NUMBER_INVALID],
    ["0977123456 ext 12", NUMBER_INVALID],
  ])("refuses %j", (text, error) => {
    expect(parseMobileNumber(text)).toEqual({ ok: false, error });
  });
});

describe("parseMobileNumber: the operator the parent chose", () => {
  it("accepts the operator of the number", () => {
    expect(parseMobileNumber("0967123456", "mtn").ok).toBe(true);
    expect(parseMobileNumber("0777123456", "airtel").ok).toBe(true);
  });

  it("refuses another operator's number with a message naming both", () => {
    expect(parseMobileNumber("0967123456", "airtel")).toEqual({
      ok: false,
      error: operatorMismatch("airtel", "mtn"),
    });
    expect(operatorMismatch("airtel", "mtn")).toBe(
      "This is an MTN MoMo number, not Airtel Money. Please check the number or choose MTN MoMo.",
    );
  });
});

describe("operator limits and labels", () => {
  it("holds Airtel to K1–K10,000 and MTN to K0.10–K20,000, both ends allowed", () => {
    expect(operatorLimitError("airtel", 1_00)).toBeNull();
    expect(operatorLimitError("airtel", 10_000_00)).toBeNull();
    expect(operatorLimitError("airtel", 99)).toMatch(
      /^Airtel Money takes payments of .*1\.00 to .*10,000\.00/,
    );
    expect(operatorLimitError("airtel", 10_000_01)).toMatch(/above the limit of .*10,000\.00/);
    expect(operatorLimitError("mtn", 10)).toBeNull();
    expect(operatorLimitError("mtn", 20_000_00)).toBeNull();
    expect(operatorLimitError("mtn", 9)).toMatch(/below the minimum of .*0\.10/);
    expect(operatorLimitError("mtn", 20_000_01)).toMatch(
      /^MTN MoMo .*above the limit of .*20,000\.00/,
    );
  });

  it("labels the method as the screens show it", () => {
    expect(paymentMethodText({ method: "CARD", operator: null, maskedNumber: null })).toBe("Card");
    expect(
      paymentMethodText({ method: "MOBILE", operator: "airtel", maskedNumber: "097****456" }),
    ).toBe("Airtel Money 097****456");
    expect(
      paymentMethodText({ method: "MOBILE", operator: "mtn", maskedNumber: "096****456" }),
    ).toBe("MTN MoMo 096****456");
  });

  it("masks all but the first three and last three digits", () => {
    expect(maskNational("0977123456")).toBe("097****456");
  });
});

describe("the waiting screen's words", () => {
  it("asks for the amount in kwacha and names the masked number", () => {
    expect(approveText(4550, "097****456")).toBe(
      "Approve the payment of K\u00a045.50 on your phone (097****456)",
    );
    expect(approveText(1_000_000, "096****111")).toBe(
      "Approve the payment of K\u00a010,000.00 on your phone (096****111)",
    );
  });

  it("reads a verification: paid, declined with its reason, paid but unbooked, else pending", () => {
    const answer = { success: false, message: "", Result: "", ResultExplanation: "" };
    expect(pushOutcome({ ...answer, success: true, TransactionStatus: "verified" })).toEqual({
      kind: "paid",
    });
    expect(
      pushOutcome({
        ...answer,
        TransactionStatus: "failed",
        message: "Declined by the subscriber",
      }),
    ).toEqual({ kind: "declined", reason: "Declined by the subscriber" });
    expect(
      pushOutcome({ ...answer, TransactionStatus: "paid-unfulfilled", message: "Call us" }),
    ).toEqual({ kind: "unfulfilled", message: "Call us" });
    expect(pushOutcome({ ...answer, TransactionStatus: "pending" })).toEqual({ kind: "pending" });
  });
});
