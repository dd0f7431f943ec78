import "server-only";
import type { LowBalanceWatch } from "@/lib/credit/low-balance";
import type { Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { formatNgwee } from "@/lib/money";

// The e-mail of a counter purchase (issue 47: parents "can be told of each one"), for a parent who
// asked for it (PUT /api/account/wallet `counterReceipts`), written in the sale's transaction so
// that a sale and its e-mail are kept or dropped together. Issue 48 adds SMS and WhatsApp.

export async function enqueueCounterReceipt(
  tx: Tx,
  userId: number,
  watch: LowBalanceWatch,
  sale: {
    childName: string;
    lines: { name: string; quantity: number; unitNgwee: number }[];
    totalNgwee: number;
    balanceNgwee: number;
  },
): Promise<void> {
  if (!watch.counterReceipts || !watch.email) return;
  const lines = sale.lines
    .map(
      (line) => `  ${line.quantity} × ${line.name}: ${formatNgwee(line.unitNgwee * line.quantity)}`,
    )
    .join("\n");
  await enqueueEmail(
    {
      userId,
      to: watch.email,
      subject: `${sale.childName} bought ${formatNgwee(sale.totalNgwee)} at the counter`,
      text:
        `Hello ${watch.name},\n\n${sale.childName} bought at the canteen counter:\n\n${lines}\n\n` +
        `Total: ${formatNgwee(sale.totalNgwee)}, paid from your wallet.\n` +
        `Your wallet now has ${formatNgwee(sale.balanceNgwee)}.\n\n` +
        `You can turn these e-mails off, or set a daily limit for each child, in the portal.\n`,
    },
    tx,
  );
}
