import "server-only";
import type { Channel } from "@/lib/contracts/notifications";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { LowBalanceWatch } from "@/lib/credit/low-balance";
import type { Tx } from "@/lib/db";
import { notify } from "@/lib/messaging/notify";
import { counterPurchaseTexts } from "@/lib/messaging/templates/wallet";
import { formatNgwee } from "@/lib/money";

// The message of a counter purchase (issue 47: parents "can be told of each one"), for a parent who
// asked for it (PUT /api/account/wallet `counterReceipts`, the master switch), written in the
// sale's transaction so that a sale and its message are kept or dropped together. Issue 48: the
// e-mail, SMS or WhatsApp as the parent chose (kind `counter`), sent at once: it confirms a sale
// that just happened.

export async function enqueueCounterReceipt(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  userId: number,
  watch: LowBalanceWatch,
  sale: {
    childName: string;
    lines: { name: string; quantity: number; unitNgwee: number }[];
    totalNgwee: number;
    balanceNgwee: number;
  },
  offered: Channel[],
): Promise<void> {
  if (!watch.counterReceipts) return;
  const lines = sale.lines
    .map(
      (line) => `  ${line.quantity} × ${line.name}: ${formatNgwee(line.unitNgwee * line.quantity)}`,
    )
    .join("\n");
  await notify(
    tx,
    school,
    {
      userId,
      kind: "counter",
      immediate: true,
      ...(watch.email && {
        email: {
          to: watch.email,
          subject: `${sale.childName} bought ${formatNgwee(sale.totalNgwee)} at the counter`,
          text:
            `Hello ${watch.name},\n\n${sale.childName} bought at the canteen counter:\n\n${lines}\n\n` +
            `Total: ${formatNgwee(sale.totalNgwee)}, paid from your wallet.\n` +
            `Your wallet now has ${formatNgwee(sale.balanceNgwee)}.\n\n` +
            `You can turn these e-mails off, or set a daily limit for each child, in the portal.\n`,
        },
      }),
      ...counterPurchaseTexts({ schoolName: school.name, ...sale }),
    },
    { prefs: watch, offered },
  );
}
