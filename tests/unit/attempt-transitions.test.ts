import { describe, expect, it } from "@jest/globals";
import { RECOVERY, STATUS } from "@/lib/contracts/payments";
import {
  abandonPlan,
  canRetryRecovery,
  liveActions,
  recoveryBadgeVariant,
  recoveryStatusLabel,
  statusChange,
  type AttemptFacts,
} from "@/lib/payments/attempt-transitions";

// The rule table of spec 001 §4 "Live order payment/order statuses" and "Failed-order attempt
// statuses".

const facts = (overrides: Partial<AttemptFacts> = {}): AttemptFacts => ({
  status: STATUS.initiated,
  transactionId: "TOKEN-1",
  amount: "45.50",
  isRecovered: false,
  ...overrides,
});

describe("liveActions", () => {
  it.each([
    [STATUS.error, "TOKEN-1", ["retry"]],
    [STATUS.error, null, ["retry"]],
    [STATUS.initiated, "TOKEN-1", ["check-payment"]],
    [STATUS.initiated, null, []],
    [STATUS.verified, "TOKEN-1", ["submit-order"]],
    [STATUS.processing, "TOKEN-1", ["verify", "abandon"]],
    [STATUS.processing, null, ["abandon"]],
    [STATUS.failed, "TOKEN-1", []],
    [STATUS.abandoned, "TOKEN-1", []],
    [STATUS.done, "TOKEN-1", []],
  ])("%s with transaction id %s offers %j", (status, transactionId, expected) => {
    expect(liveActions(facts({ status, transactionId }))).toEqual(expected);
  });

  it("offers nothing for a recovered attempt, whatever its status", () => {
    for (const status of Object.values(STATUS)) {
      expect(liveActions(facts({ status, isRecovered: true }))).toEqual([]);
    }
  });
});

describe("abandonPlan", () => {
  it("abandons with a transaction id, completes a free attempt without one, else cannot", () => {
    expect(abandonPlan(facts({ transactionId: "T" }))).toBe("abandon");
    expect(abandonPlan(facts({ transactionId: null, amount: "0.00" }))).toBe("complete-free");
    expect(abandonPlan(facts({ transactionId: null, amount: "0" }))).toBe("complete-free");
    expect(abandonPlan(facts({ transactionId: null, amount: "0.01" }))).toBe("no-transaction-id");
  });
});

describe("statusChange", () => {
  const processing = {
    ...facts({ status: STATUS.processing }),
    moneyVerified: false,
    fulfilled: false,
  };

  it("abandons a Processing Started attempt with a transaction id", () => {
    expect(statusChange(processing, STATUS.abandoned)).toEqual({ ok: true, effect: "abandon" });
  });

  it("completes a free Processing Started attempt without a transaction id", () => {
    expect(
      statusChange({ ...processing, transactionId: null, amount: "0.00" }, STATUS.done),
    ).toEqual({ ok: true, effect: "complete-free" });
  });

  it.each([
    ["money verified", { moneyVerified: true }, STATUS.abandoned],
    ["orders created", { fulfilled: true }, STATUS.abandoned],
    ["recovered", { isRecovered: true }, STATUS.abandoned],
    ["no transaction id", { transactionId: null }, STATUS.abandoned],
    ["something to pay", { transactionId: null, amount: "10.00" }, STATUS.done],
    ["a transaction id", { amount: "0.00" }, STATUS.done],
    ["another target", {}, STATUS.verified],
    ["another target", {}, STATUS.failed],
    ["another source", { status: STATUS.initiated }, STATUS.abandoned],
    ["another source", { status: STATUS.error }, STATUS.done],
  ])("refuses with %s", (_why, change, target) => {
    const from = { ...processing, ...change };
    expect(statusChange(from, target)).toEqual({
      ok: false,
      message: `Cannot change payment status from ${from.status} to ${target}`,
    });
  });
});

describe("Order Recovery statuses", () => {
  it("labels Processing started 'New Attempts' and Orders created successfully 'Completed'", () => {
    expect(recoveryStatusLabel(RECOVERY.started)).toBe("New Attempts");
    expect(recoveryStatusLabel(RECOVERY.done)).toBe("Completed");
    expect(recoveryStatusLabel(RECOVERY.blockedDays)).toBe(RECOVERY.blockedDays);
  });

  it.each([
    [RECOVERY.started, "default"],
    [RECOVERY.inProgress, "default"],
    [RECOVERY.notVerified, "destructive"],
    [RECOVERY.creationFailed, "destructive"],
    [RECOVERY.done, "success"],
    [RECOVERY.invalidStudents, "secondary"],
    [RECOVERY.blockedDays, "secondary"],
  ])("badge of %s is %s", (status, variant) => {
    expect(recoveryBadgeVariant(status)).toBe(variant);
  });

  it("allows a retry except when completed or in progress", () => {
    expect(canRetryRecovery(RECOVERY.done)).toBe(false);
    expect(canRetryRecovery(RECOVERY.inProgress)).toBe(false);
    expect(canRetryRecovery(RECOVERY.started)).toBe(true);
    expect(canRetryRecovery(RECOVERY.blockedDays)).toBe(true);
  });
});
