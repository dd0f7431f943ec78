import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { SMS_MAX_LENGTH } from "@/lib/contracts/notifications";
import { fitsOneSms, gsm7Length } from "@/lib/messaging/gsm7";
import { dayClosedTexts } from "@/lib/messaging/templates/closures";
import { clipWords, smsAmount, smsDay, smsDays } from "@/lib/messaging/templates/fit";
import {
  paymentConfirmedTexts,
  topUpConfirmedTexts,
  type PhoneTexts,
} from "@/lib/messaging/templates/payments";
import { orderReminderTexts } from "@/lib/messaging/templates/reminders";
import { counterPurchaseTexts, lowBalanceTexts } from "@/lib/messaging/templates/wallet";
import { WHATSAPP_TEMPLATES } from "@/lib/messaging/templates/whatsapp";

// Issue 48: "An SMS is one message: at most 160 GSM-7 characters, worded to fit (school name,
// child, day, amount), never split; a test checks every template with long real names." Each
// template below is filled with the longest names a Zambian school could give it, accents outside
// GSM-7 and the largest amounts, and must still be one SMS that states the amount and the day.

const LONG_SCHOOL = "Lusaka International Community School Canteen and Tuck Shop Services";
const SHORT_SCHOOL = "Chongwe Primary";
const LONG_CHILDREN = [
  "Chilufya Mwansa-Mulenga Kabwe",
  "Thandiwe Nakamba-Chisenga Mwaanga",
  "Mwila Chanda-Lungu Bwalya",
  "Mutinta Hamweemba-Siachitema",
];
const ACCENTED = ["Zoë Mwansa-Müller", "Chiṡomo Łukasz Bandaŵe", "Nthanda “Tiny” Phiri"];
const BIG = 9_876_543_21; // K9,876,543.21

/** Every template, in its worst case and a plain one. */
const cases: [string, PhoneTexts, string[]][] = [
  [
    "payment by card, one child, one day",
    paymentConfirmedTexts({
      schoolName: SHORT_SCHOOL,
      meals: [{ childName: "Natasha Banda", date: "2026-11-24" }],
      totalNgwee: 45_00,
      paidBy: "card",
    }),
    ["K45.00", "Tue 24 Nov"],
  ],
  [
    "payment by mobile money, four long-named children, ten days",
    paymentConfirmedTexts({
      schoolName: LONG_SCHOOL,
      meals: [
        ...LONG_CHILDREN.flatMap((childName) =>
          ["2026-11-23", "2026-12-04"].map((date) => ({ childName, date })),
        ),
        { childName: LONG_CHILDREN[0]!, date: "2026-11-25" },
        { childName: LONG_CHILDREN[1]!, date: "2026-11-25" },
      ],
      totalNgwee: BIG,
      paidBy: "Airtel Money",
    }),
    ["K9,876,543.21", "Mon 23 Nov", "Fri 4 Dec"],
  ],
  [
    "payment by wallet credit, two accented names, two days",
    paymentConfirmedTexts({
      schoolName: `${LONG_SCHOOL} Ñgómbe`,
      meals: [
        { childName: ACCENTED[0]!, date: "2026-11-24" },
        { childName: ACCENTED[1]!, date: "2026-11-26" },
      ],
      totalNgwee: 1_234_50,
      paidBy: "wallet credit",
    }),
    ["K1,234.50", "Tue 24 Nov", "Thu 26 Nov"],
  ],
  [
    "top-up",
    topUpConfirmedTexts({
      schoolName: LONG_SCHOOL,
      amountNgwee: BIG,
      paidBy: "MTN MoMo",
      balanceNgwee: BIG + 1,
    }),
    ["K9,876,543.21", "K9,876,543.22"],
  ],
  [
    "closed day with credit, a long reason",
    dayClosedTexts({
      schoolName: LONG_SCHOOL,
      date: "2026-11-24",
      reason:
        "The Ministry of Education declared a national day of prayer and the kitchen will be fumigated afterwards",
      childNames: LONG_CHILDREN,
      creditedNgwee: BIG,
    }),
    ["K9,876,543.21", "Tue 24 Nov"],
  ],
  [
    "closed day without credit",
    dayClosedTexts({
      schoolName: LONG_SCHOOL,
      date: "2026-12-01",
      reason: "Sports day — no kitchen",
      childNames: [ACCENTED[2]!],
      creditedNgwee: 0,
    }),
    ["Tue 1 Dec", "no credit"],
  ],
  [
    "cut-off reminder",
    orderReminderTexts({
      schoolName: LONG_SCHOOL,
      childNames: LONG_CHILDREN,
      date: "2026-11-25",
      cutoffText: "08:00",
      portalUrl: "https://lusaka-international-community-school.canteen.example.zm/",
    }),
    ["Wed 25 Nov", "08:00"],
  ],
  [
    "low balance",
    lowBalanceTexts({ schoolName: LONG_SCHOOL, balanceNgwee: BIG, thresholdNgwee: BIG + 100 }),
    ["K9,876,543.21", "K9,876,544.21"],
  ],
  [
    "counter purchase, many items",
    counterPurchaseTexts({
      schoolName: LONG_SCHOOL,
      childName: LONG_CHILDREN[1]!,
      lines: [
        { name: "Mango and Passion Fruit Juice (500 ml)", quantity: 2 },
        { name: "Chikanda African Polony Slice", quantity: 1 },
        { name: "Roasted Groundnuts — Salted", quantity: 3 },
      ],
      totalNgwee: BIG,
      balanceNgwee: 12_50,
    }),
    ["K9,876,543.21", "K12.50"],
  ],
];

describe("every SMS template with long real names", () => {
  it.each(cases)("%s is one GSM-7 SMS with its facts", (_name, texts, facts) => {
    expect(fitsOneSms(texts.sms)).toBe(true);
    expect(gsm7Length(texts.sms)).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    for (const fact of facts) expect(texts.sms).toContain(fact);
    expect(texts.whatsapp.params.every((p) => p.length > 0 && !/[\n\t]| {5}/.test(p))).toBe(true);
    // The template the school registered, with as many parameters as its body has.
    const registered = WHATSAPP_TEMPLATES[texts.whatsapp.name as keyof typeof WHATSAPP_TEMPLATES];
    expect(registered.params).toHaveLength(texts.whatsapp.params.length);
    expect(registered.body.match(/\{\{\d\}\}/g)).toHaveLength(texts.whatsapp.params.length);
    for (const fact of facts.filter((f) => f !== "no credit")) {
      expect(texts.whatsapp.params.join(" ")).toContain(fact);
    }
  });

  it("keeps the names whole when they fit", () => {
    const { sms } = paymentConfirmedTexts({
      schoolName: SHORT_SCHOOL,
      meals: [{ childName: "Natasha Banda", date: "2026-11-24" }],
      totalNgwee: 45_00,
      paidBy: "card",
    });
    expect(sms).toBe(
      "Chongwe Primary: 1 lunch for Natasha Banda booked: Tue 24 Nov. Paid K45.00 by card. Thank you.",
    );
    expect(
      counterPurchaseTexts({
        schoolName: SHORT_SCHOOL,
        childName: "Mapalo Tembo",
        lines: [
          { name: "Mango Juice", quantity: 2 },
          { name: "Crisps", quantity: 1 },
        ],
        totalNgwee: 13_00,
        balanceNgwee: 20_50,
      }).sms,
    ).toBe(
      "Chongwe Primary: Mapalo Tembo bought 2 x Mango Juice, Crisps at the counter for K13.00. Your wallet now has K20.50.",
    );
  });

  it("gives way in order: the school's tail, first names, the reason, then a count", () => {
    const closed = (reason: string, childNames: string[]) =>
      dayClosedTexts({
        schoolName: LONG_SCHOOL,
        date: "2026-11-24",
        reason,
        childNames,
        creditedNgwee: 180_00,
      }).sms;
    const reason = "Staff training day at the district office in Kafue";
    // Room for the reason once the school's name lost its tail and the children their surnames.
    expect(closed(reason, LONG_CHILDREN.slice(0, 2))).toBe(
      "Lusaka International Community: no school meals on Tue 24 Nov (Staff training day...). " +
        "Lunch for Chilufya and Thandiwe cancelled, K180.00 added to your wallet.",
    );
    // Four children's first names leave no room for ten characters of reason: it goes.
    expect(closed(reason, LONG_CHILDREN)).toBe(
      "Lusaka International Community: no school meals on Tue 24 Nov. Lunch for Chilufya, " +
        "Mutinta, Mwila and Thandiwe cancelled, K180.00 added to your wallet.",
    );
    // Ten children are counted.
    const many = Array.from(
      { length: 10 },
      (_, n) => `${LONG_CHILDREN[n % 4]!.split(" ")[0]!}${n}`,
    );
    const counted = closed(reason, many);
    expect(counted).toContain("Lunch for 10 children cancelled, K180.00 added to your wallet.");
    for (const sms of [counted, closed("x".repeat(300), many)]) {
      expect(fitsOneSms(sms)).toBe(true);
      expect(sms).toContain("Tue 24 Nov");
    }
  });

  it("makes accented names GSM-7 rather than turn the message into UCS-2", () => {
    const { sms, whatsapp } = paymentConfirmedTexts({
      schoolName: SHORT_SCHOOL,
      meals: [{ childName: "Chiṡomo Bandaŵe", date: "2026-11-24" }],
      totalNgwee: 45_00,
      paidBy: "card",
    });
    expect(sms).toContain("Chisomo Bandawe");
    // WhatsApp takes the name as it is written.
    expect(whatsapp.params).toContain("Chiṡomo Bandaŵe");
  });

  it("fits whatever the names, reasons and amounts (property)", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 120 });
    fc.assert(
      fc.property(
        text,
        fc.array(text, { minLength: 1, maxLength: 6 }),
        text,
        fc.integer({ min: 0, max: 99_999_999_99 }),
        (school, children, reason, ngwee) => {
          const amount = smsAmount(ngwee);
          const all: [PhoneTexts, string[]][] = [
            [
              paymentConfirmedTexts({
                schoolName: school,
                meals: children.map((childName, n) => ({
                  childName,
                  date: `2026-11-${String(23 + n).padStart(2, "0")}`,
                })),
                totalNgwee: ngwee,
                paidBy: reason,
              }),
              [amount, "Mon 23 Nov"],
            ],
            [
              topUpConfirmedTexts({
                schoolName: school,
                amountNgwee: ngwee,
                paidBy: reason,
                balanceNgwee: ngwee,
              }),
              [amount],
            ],
            [
              dayClosedTexts({
                schoolName: school,
                date: "2026-11-24",
                reason,
                childNames: children,
                creditedNgwee: ngwee,
              }),
              ["Tue 24 Nov", ngwee > 0 ? amount : "no credit"],
            ],
            [
              orderReminderTexts({
                schoolName: school,
                childNames: children,
                date: "2026-11-24",
                cutoffText: "08:00",
                portalUrl: `https://${reason.replace(/\W/g, "") || "x"}.example.zm/`,
              }),
              ["Tue 24 Nov", "08:00"],
            ],
            [
              lowBalanceTexts({ schoolName: school, balanceNgwee: ngwee, thresholdNgwee: ngwee }),
              [amount],
            ],
            [
              counterPurchaseTexts({
                schoolName: school,
                childName: children[0]!,
                lines: children.map((name, quantity) => ({ name, quantity: quantity + 1 })),
                totalNgwee: ngwee,
                balanceNgwee: ngwee,
              }),
              [amount],
            ],
          ];
          for (const [{ sms }, facts] of all) {
            expect(fitsOneSms(sms)).toBe(true);
            for (const fact of facts) expect(sms).toContain(fact);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the parts the templates share", () => {
  it("writes amounts as the product does, without the space", () => {
    expect(smsAmount(1_234_50)).toBe("K1,234.50");
    expect(smsAmount(0)).toBe("K0.00");
  });

  it("writes one day, two days, or the span of more", () => {
    expect(smsDay("2026-11-24")).toBe("Tue 24 Nov");
    expect(smsDays(["2026-11-26", "2026-11-24", "2026-11-24"])).toBe("Tue 24 Nov, Thu 26 Nov");
    expect(smsDays(["2026-11-27", "2026-11-23", "2026-11-25"])).toBe("Mon 23 Nov to Fri 27 Nov");
  });

  it("cuts free text at a word", () => {
    expect(clipWords("Staff training day at the district office", 20)).toBe("Staff training...");
    expect(clipWords("short", 20)).toBe("short");
    expect(clipWords("anything", 3)).toBe("");
  });
});
