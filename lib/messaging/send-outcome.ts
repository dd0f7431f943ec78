// What a provider's answer to one message means for its outbox row (issue 48, decision 0109).

export type SendOutcome =
  /** Accepted: the provider's id is kept on the row, which is never sent again. */
  | { kind: "sent"; messageId: string | null }
  /** The provider is down, answered 5xx, or did not answer in time: back-off and retry. */
  | { kind: "retry"; reason: string }
  /** Refused for good (bad number, balance, wrong key): `failed` with the provider's reason. */
  | { kind: "failed"; reason: string }
  /** WhatsApp only: the number has no WhatsApp account; the SMS fallback may follow. */
  | { kind: "notOnWhatsApp"; reason: string };

const MAX_REASON = 300;

/** A reason fit for `lastError`: one line, at most 300 characters. */
export function reasonText(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_REASON);
}

type Thrown = { name?: unknown; message?: unknown; cause?: unknown };

/** A fetch that threw: a time-out (the signal) or a network failure, both worth a retry. */
export function transportFailure(error: unknown, timeoutMs: number): SendOutcome {
  // By shape, not class: the signal's DOMException is not always an Error of this realm.
  const thrown = (typeof error === "object" && error !== null ? error : {}) as Thrown;
  if (thrown.name === "TimeoutError" || thrown.name === "AbortError") {
    return { kind: "retry", reason: `No answer within ${timeoutMs} ms` };
  }
  const cause = (
    typeof thrown.cause === "object" && thrown.cause !== null ? thrown.cause : {}
  ) as Thrown;
  const words = typeof cause.message === "string" && cause.message ? cause.message : thrown.message;
  return { kind: "retry", reason: reasonText(`Network error: ${String(words ?? error)}`) };
}
