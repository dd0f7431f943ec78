import { z } from "zod";
import {
  isMobileOperator,
  OPERATORS,
  operatorOff,
  type MobileOperator,
} from "@/lib/contracts/mobile-money";
import { parseMobileNumber } from "@/lib/validations/mobile-number";

// The Cart's "Pay with Mobile Money" form (issue 16): the number, checked as the server checks it
// (lib/validations/mobile-number.ts), and refused for an operator the school has turned off.

export function mobileNumberFormSchema(enabled: Record<MobileOperator, boolean>) {
  return z.object({
    mobileNumber: z.string().superRefine((value, ctx) => {
      const parsed = parseMobileNumber(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
      } else if (!enabled[parsed.number.operator]) {
        ctx.addIssue({
          code: "custom",
          message: operatorOff(OPERATORS[parsed.number.operator].label),
        });
      }
    }),
  });
}
export type MobileNumberForm = { mobileNumber: string };

/** The operator of what the parent has typed so far, when it is already a whole number. */
export function detectedOperator(text: string): MobileOperator | null {
  const parsed = parseMobileNumber(text);
  return parsed.ok && isMobileOperator(parsed.number.operator) ? parsed.number.operator : null;
}
