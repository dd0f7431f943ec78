"use client";

import { useEffect, useRef, useState } from "react";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { pushOutcome, type PushOutcome } from "@/lib/client/mobile-payment";
import {
  MOBILE_POLL_INTERVAL_MS,
  type MobileOperator,
  type MobilePaymentAnswer,
} from "@/lib/contracts/mobile-money";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import { parseMobileNumber } from "@/lib/validations/mobile-number";

// A mobile-money payment, of the Cart (issue 16) or of a wallet top-up (issue 47): send the push
// (the caller's `start`), then ask the server to verify
// every 3 s until the phone answers or the wait is over; Cancel cancels the token at DPO and then
// verifies (the server does both). Money is only ever confirmed by the server's verification.

export type MobileStep =
  | { step: "number"; error: string | null; fieldError: string | null }
  | { step: "sending" }
  | { step: "waiting"; token: string; masked: string; instructions: string; cancelling: boolean }
  | { step: "declined"; reason: string }
  /** The wait is over (or a cancel could not be confirmed): the sweep finishes the payment. */
  | { step: "later"; message: string | null };

/** The number form, with the server's word on the number or on the call, if any. */
const numberStep = (fieldError: string | null = null, error: string | null = null): MobileStep => ({
  step: "number",
  error,
  fieldError,
});

/** Sends the push for this number: the cart's payment, or a top-up. */
export type StartMobilePayment = (
  mobileNumber: string,
  operator: MobileOperator,
) => Promise<MobilePaymentAnswer | CreatePaymentAnswer>;

export function useMobilePayment({
  start,
  waitSeconds,
  onPaid,
  onCancelled,
}: {
  start: StartMobilePayment;
  waitSeconds: number;
  onPaid: () => void;
  onCancelled: () => void;
}) {
  const [state, setState] = useState<MobileStep>(numberStep);
  const handlers = useRef({ onPaid, onCancelled });
  useEffect(() => {
    handlers.current = { onPaid, onCancelled };
  });

  function settle(outcome: PushOutcome) {
    if (outcome.kind === "paid") handlers.current.onPaid();
    else if (outcome.kind === "declined") setState({ step: "declined", reason: outcome.reason });
    else if (outcome.kind === "unfulfilled") setState({ step: "later", message: outcome.message });
  }

  const token = state.step === "waiting" ? state.token : null;
  useEffect(() => {
    if (!token) return;
    const id = token;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + waitSeconds * 1000;
    async function poll() {
      try {
        const answer = await api(`/api/payments/verify/${encodeURIComponent(id)}`, {
          method: "POST",
        });
        if (stopped) return;
        const outcome = pushOutcome(answer);
        if (outcome.kind !== "pending") return settle(outcome);
      } catch {
        // A failed poll is not an answer: ask again at the next tick.
      }
      if (stopped) return;
      if (Date.now() >= deadline) return setState({ step: "later", message: null });
      timer = setTimeout(() => void poll(), MOBILE_POLL_INTERVAL_MS);
    }
    timer = setTimeout(() => void poll(), MOBILE_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, waitSeconds]);

  async function send(mobileNumber: string) {
    const parsed = parseMobileNumber(mobileNumber);
    if (!parsed.ok) return setState(numberStep(parsed.error));
    setState({ step: "sending" });
    try {
      const answer = await start(mobileNumber, parsed.number.operator);
      if (!("instructions" in answer)) throw new Error("Invalid payment response received");
      setState({
        step: "waiting",
        token: answer.TransToken,
        masked: parsed.number.masked,
        instructions: answer.instructions,
        cancelling: false,
      });
    } catch (error) {
      const message = errorMessage(error, "The payment could not be started. Please try again.");
      // The number's own problems (ours or the operator's) go under the field.
      const aboutNumber =
        error instanceof ApiRequestError &&
        (error.status === 422 || error.body?.pushStatus === "refused");
      setState(aboutNumber ? numberStep(message) : numberStep(null, message));
    }
  }

  async function cancel() {
    if (state.step !== "waiting" || state.cancelling) return;
    setState({ ...state, cancelling: true });
    try {
      const answer = await api("/api/payments/payment-attempts/update", {
        method: "POST",
        body: { transactionId: state.token, transactionStatus: "cancelled" },
      });
      if (answer.TransactionStatus === "cancelled") return handlers.current.onCancelled();
      const outcome = pushOutcome(answer);
      if (outcome.kind === "pending") setState({ step: "later", message: null });
      else settle(outcome);
    } catch {
      setState({ step: "later", message: null });
    }
  }

  return { state, send, cancel, tryAgain: () => setState(numberStep()) };
}
