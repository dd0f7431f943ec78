import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { fitsOneSms, gsm7Length, shorten, toGsm7 } from "@/lib/messaging/gsm7";
import { deliveryChannels, savedChannels, type RecipientPrefs } from "@/lib/messaging/preferences";
import { inQuietHours, sendableAt } from "@/lib/messaging/quiet-hours";

// Issue 48's rules that need no database: one SMS is 160 GSM-7 septets, quiet hours are the
// school's 20:00 to 08:00, and a parent's message goes only where it can and was asked to go.

const parent = (over: Partial<RecipientPrefs> = {}): RecipientPrefs => ({
  email: "mwila@example.zm",
  phone: "+260977123456",
  phoneVerifiedAt: new Date("2026-11-01T08:00:00Z"),
  smsOptedOutAt: null,
  notificationChannels: null,
  orderReminders: true,
  counterReceipts: false,
  deletedAt: null,
  ...over,
});
const ALL = ["email", "sms", "whatsapp"] as const;

describe("GSM-7 length", () => {
  it("counts the extension table twice and refuses a message outside GSM-7", () => {
    expect(gsm7Length("K50.00 left")).toBe(11);
    expect(gsm7Length("€5 [x]")).toBe(9);
    expect(gsm7Length("Mwila 👍")).toBeNull();
    expect(fitsOneSms("a".repeat(160))).toBe(true);
    expect(fitsOneSms("a".repeat(161))).toBe(false);
    expect(fitsOneSms(`${"a".repeat(159)}€`)).toBe(false);
  });

  it("makes any name GSM-7 and never longer than asked", () => {
    expect(toGsm7("Žaneta’s “lunch” – ok")).toBe(`Zaneta's "lunch" - ok`);
    expect(shorten("Natasha Mwansa-Chilufya", 12)).toBe("Natasha M.");
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 2, max: 40 }), (text, max) => {
        const short = shorten(text, max);
        expect(short.length).toBeLessThanOrEqual(max);
        expect(gsm7Length(short)).not.toBeNull();
      }),
    );
  });
});

describe("quiet hours at the school", () => {
  const zone = "Africa/Lusaka"; // UTC+2
  it("holds a message written in the evening until 08:00 the next morning", () => {
    const evening = new Date("2026-11-30T19:30:00Z"); // 21:30 in Lusaka
    expect(inQuietHours(zone, evening)).toBe(true);
    expect(sendableAt(zone, evening).toISOString()).toBe("2026-12-01T06:00:00.000Z");
  });
  it("holds one written before dawn until 08:00 the same day, and sends a daytime one now", () => {
    const dawn = new Date("2026-12-01T03:10:00Z"); // 05:10
    expect(sendableAt(zone, dawn).toISOString()).toBe("2026-12-01T06:00:00.000Z");
    const noon = new Date("2026-12-01T10:00:00Z");
    expect(inQuietHours(zone, noon)).toBe(false);
    expect(sendableAt(zone, noon)).toEqual(noon);
    const lastMinute = new Date("2026-12-01T17:59:00Z"); // 19:59
    expect(inQuietHours(zone, lastMinute)).toBe(false);
  });
});

describe("the channels a message goes to", () => {
  it("defaults to e-mail, with SMS for payments and closures once the phone is proved", () => {
    const unproved = savedChannels(parent({ phoneVerifiedAt: null }));
    expect(unproved.payments).toEqual(["email"]);
    const proved = savedChannels(parent());
    expect(proved.payments).toEqual(["email", "sms"]);
    expect(proved.closures).toEqual(["email", "sms"]);
    expect(proved.reminders).toEqual(["email"]);
  });

  it("sends WhatsApp instead of SMS when both are chosen, and nothing the school does not offer", () => {
    const both = parent({ notificationChannels: { payments: ["sms", "whatsapp"] } });
    expect(deliveryChannels(both, "payments", ALL)).toEqual(["whatsapp"]);
    expect(deliveryChannels(both, "payments", ["email", "sms"])).toEqual(["sms"]);
    expect(deliveryChannels(both, "payments", ["email"])).toEqual([]);
  });

  it("never texts an unproved phone or a number that replied STOP", () => {
    const chosen = { notificationChannels: { closures: ["email", "sms"] } };
    expect(deliveryChannels(parent({ ...chosen, phoneVerifiedAt: null }), "closures", ALL)).toEqual(
      ["email"],
    );
    expect(
      deliveryChannels(parent({ ...chosen, smsOptedOutAt: new Date() }), "closures", ALL),
    ).toEqual(["email"]);
  });

  it("keeps the account's switches: no reminder when reminders are off, counter only when asked", () => {
    expect(deliveryChannels(parent({ orderReminders: false }), "reminders", ALL)).toEqual([]);
    expect(deliveryChannels(parent(), "counter", ALL)).toEqual([]);
    expect(deliveryChannels(parent({ counterReceipts: true }), "counter", ALL)).toEqual(["email"]);
    expect(deliveryChannels(parent({ deletedAt: new Date() }), "payments", ALL)).toEqual([]);
  });

  it("ignores a stored choice it cannot read and falls back to the defaults", () => {
    const garbled = parent({ notificationChannels: { payments: ["carrier pigeon"] } });
    expect(savedChannels(garbled).payments).toEqual(["email", "sms"]);
  });
});
