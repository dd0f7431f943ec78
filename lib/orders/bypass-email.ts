import "server-only";
import type { PaymentBypassDto } from "@/lib/contracts";
import type { Email } from "@/lib/mail/outbox";
import { formatZmw, toNgwee } from "@/lib/money";
import type { PricedLine } from "@/lib/orders/check-cart";
import { mealLines } from "@/lib/orders/confirmation-email";

// The payment instructions of an order placed with the alternative payment methods: the meals,
// the amount to pay, and the school's Airtel Money, MTN Money and bank details from the settings.
// Queued in the same statement as the orders, so no orders exist without their instructions.

/** A settings value as text: the settings row is JSON and may hold anything. */
function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function field(record: unknown, key: string): string {
  return record && typeof record === "object" ? text((record as Record<string, unknown>)[key]) : "";
}

/** The payment methods that are filled in, one block of lines each. */
export function paymentMethodBlocks(settings: PaymentBypassDto): string[] {
  const blocks: string[] = [];
  for (const [label, record] of [
    ["Airtel Money", settings.airtelMoney],
    ["MTN Money", settings.mtnMoney],
  ] as const) {
    const name = field(record, "name");
    const number = field(record, "number");
    if (name || number) {
      blocks.push(
        [label, name && `  Account name: ${name}`, number && `  Number: ${number}`]
          .filter(Boolean)
          .join("\n"),
      );
    }
  }
  const bank = settings.bankTransfer;
  const bankLines = [
    ["Bank", field(bank, "bankName")],
    ["Account name", field(bank, "accountName")],
    ["Account number", field(bank, "accountNumber")],
    ["Branch", field(bank, "branchName")],
    ["SWIFT code", field(bank, "swiftCode")],
  ].filter(([, value]) => value);
  if (bankLines.length > 0) {
    blocks.push(
      ["Bank transfer", ...bankLines.map(([label, value]) => `  ${label}: ${value}`)].join("\n"),
    );
  }
  return blocks;
}

/** The payment instructions e-mailed with a cart to pay by bypass; null without an address. */
export function bypassInstructionsEmail(
  orderer: { id: number; name: string; username: string; email: string | null },
  lines: readonly PricedLine[],
  total: string,
  settings: PaymentBypassDto,
  /** Account credit already spent on these meals (issue 44): `total` is what is left to pay. */
  credit = "0.00",
): Email | null {
  if (!orderer.email) return null;
  const meals = mealLines(lines);
  const methods = paymentMethodBlocks(settings);
  const howToPay =
    methods.length > 0
      ? `Please pay ${formatZmw(total)} with one of these methods:\n\n${methods.join("\n\n")}`
      : `Please pay ${formatZmw(total)} at the school office.`;
  return {
    userId: orderer.id,
    to: orderer.email,
    subject: `Payment instructions: ${formatZmw(total)} for ${lines.length} meal${lines.length === 1 ? "" : "s"}`,
    text:
      `Hello ${orderer.name},\n\nThese lunches are ordered and awaiting payment:\n\n${meals.join("\n")}\n\n` +
      (toNgwee(credit) > 0 ? `Paid from your account credit: ${formatZmw(credit)}\n` : "") +
      `Amount to pay: ${formatZmw(total)}\n\n${howToPay}\n\n` +
      `Use your username "${orderer.username}" as the payment reference. Your orders show as ` +
      `pending until the school has confirmed your payment.\n\n` +
      `You can cancel an order within 1 hour of placing it in Order History.\n`,
  };
}
