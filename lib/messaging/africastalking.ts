import "server-only";
import { z } from "zod";
import { readTextCapped } from "@/lib/api/read-body";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { reasonText, transportFailure, type SendOutcome } from "@/lib/messaging/send-outcome";

// Africa's Talking's SMS API (issue 48, ../shared/reference/messaging.md), called directly over
// HTTP: one message to one number per call, so a recipient's status is the row's. What each answer
// means for the row (decision 0109): statusCode 100, 101, 102 sent (its messageId kept); 500, 501,
// 502, an HTTP 5xx or 429, a network failure or no answer within MESSAGING_TIMEOUT_MS worth a
// retry; 401 to 407 (risk hold, sender ID, number, balance, blacklist, route) and any other 4xx
// (a wrong key or username answers 401 with a text) a failure for good, with the provider's words.

const MAX_ANSWER_BYTES = 64 * 1024;
const SENT_CODES = new Set([100, 101, 102]);
const RETRY_CODES = new Set([500, 501, 502]);

const answerSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional(),
    Recipients: z
      .array(
        z.object({
          statusCode: z.coerce.number(),
          status: z.string().optional(),
          number: z.string().optional(),
          messageId: z.string().optional(),
        }),
      )
      .default([]),
  }),
});

export type Sms = {
  /** The number in international form, +260977123456. */
  to: string;
  message: string;
  /** The school's registered sender ID; null: the account's default. */
  from: string | null;
};

/** Sends one SMS; never throws (every failure is an outcome). */
export async function sendSms(sms: Sms): Promise<SendOutcome> {
  const { AT_USERNAME, AT_API_KEY, AT_API_URL, MESSAGING_TIMEOUT_MS } = env();
  const form = new URLSearchParams({
    username: AT_USERNAME ?? "",
    to: sms.to,
    message: sms.message,
  });
  if (sms.from) form.set("from", sms.from);
  let status: number;
  let text: string | null;
  try {
    const res = await fetch(`${AT_API_URL.replace(/\/+$/, "")}/version1/messaging`, {
      method: "POST",
      headers: {
        apiKey: AT_API_KEY ?? "",
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
      // The whole exchange, the answer's body included: a provider that stops mid-answer hangs too.
      signal: AbortSignal.timeout(MESSAGING_TIMEOUT_MS),
    });
    status = res.status;
    text = await readTextCapped(res, MAX_ANSWER_BYTES);
  } catch (error) {
    return transportFailure(error, MESSAGING_TIMEOUT_MS);
  }
  return outcomeOf(status, text ?? "");
}

/** What an answer of Africa's Talking means for the message (exported for the unit tests). */
export function outcomeOf(status: number, text: string): SendOutcome {
  if (status >= 500 || status === 429) {
    return { kind: "retry", reason: reasonText(`Africa's Talking answered ${status} ${text}`) };
  }
  if (status >= 400) {
    if (status === 401) log.error({ status }, "Africa's Talking refused AT_USERNAME or AT_API_KEY");
    return { kind: "failed", reason: reasonText(text || `Africa's Talking answered ${status}`) };
  }
  let parsed: z.infer<typeof answerSchema>;
  try {
    parsed = answerSchema.parse(JSON.parse(text));
  } catch {
    // Accepted or not, nobody can tell: retried like a lost answer (decision 0109).
    return { kind: "retry", reason: reasonText(`Unexpected answer (${status}): ${text}`) };
  }
  const recipient = parsed.SMSMessageData.Recipients[0];
  if (!recipient) {
    // The request as a whole was refused (an invalid sender ID, for one): its Message says why.
    return { kind: "failed", reason: reasonText(parsed.SMSMessageData.Message || "Not sent") };
  }
  const words = `${recipient.status ?? "Failed"} (${recipient.statusCode})`;
  if (SENT_CODES.has(recipient.statusCode)) {
    // Without an id the row is still `sent` (never sent again); only its report cannot find it.
    const id = recipient.messageId?.trim();
    return { kind: "sent", messageId: id && id !== "None" ? id : null };
  }
  if (RETRY_CODES.has(recipient.statusCode)) return { kind: "retry", reason: reasonText(words) };
  return { kind: "failed", reason: reasonText(words) };
}
