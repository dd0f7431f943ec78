import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import {
  MOBILE_OPERATORS,
  OPERATORS,
  ZAMTEL_PREFIXES,
  type MobileOperator,
} from "@/lib/contracts/mobile-money";

// A Zambian mobile-money number in any common form ("0977 123 456", "+260977123456",
// "260977123456"), parsed by libphonenumber-js with its mobile-only metadata (a landline is not
// valid there), and its operator recognised from the national prefix. Pure: the server refuses
// with these messages and the Cart shows the same ones while the parent types.

export const NUMBER_REQUIRED = "Please enter the mobile money number that will pay.";
export const NUMBER_INVALID =
  "This is not a Zambian mobile number. Please enter it as 0977 123 456 or +260 977 123 456.";
export const NUMBER_ZAMTEL =
  "Zamtel numbers cannot pay by mobile money here yet. Please use an Airtel or MTN number, or pay by card.";
export const NUMBER_UNKNOWN_OPERATOR =
  "This number is not an Airtel (097, 077) or MTN (096, 076) number. Please check it, or pay by card.";
export const operatorMismatch = (chosen: MobileOperator, detected: MobileOperator) =>
  `This is an ${OPERATORS[detected].label} number, not ${OPERATORS[chosen].label}. Please check the number or choose ${OPERATORS[detected].label}.`;

export type MobileNumber = {
  operator: MobileOperator;
  /** What DPO's PhoneNumber takes: international, without "+" ("260977123456"). */
  international: string;
  /** "0977123456" */
  national: string;
  /** "097****456": what screens, logs and the attempt keep. */
  masked: string;
};

export type ParsedMobileNumber = { ok: true; number: MobileNumber } | { ok: false; error: string };

/** The number, or why it cannot pay. `chosen` is the operator the parent picked, if any. */
export function parseMobileNumber(
  text: string,
  chosen?: MobileOperator | null,
): ParsedMobileNumber {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: NUMBER_REQUIRED };
  // extract: false refuses text around the number ("call 0977…", "0977…x").
  const phone = parsePhoneNumberFromString(trimmed, { defaultCountry: "ZM", extract: false });
  if (!phone || phone.country !== "ZM" || phone.ext || !phone.isValid()) {
    return { ok: false, error: NUMBER_INVALID };
  }
  const national = phone.nationalNumber; // "977123456"
  const prefix = national.slice(0, 2);
  if (ZAMTEL_PREFIXES.includes(prefix)) return { ok: false, error: NUMBER_ZAMTEL };
  const operator = MOBILE_OPERATORS.find((o) => OPERATORS[o].prefixes.includes(prefix));
  if (!operator) return { ok: false, error: NUMBER_UNKNOWN_OPERATOR };
  if (chosen && chosen !== operator)
    return { ok: false, error: operatorMismatch(chosen, operator) };
  return {
    ok: true,
    number: {
      operator,
      international: `${phone.countryCallingCode}${national}`,
      national: `0${national}`,
      masked: maskNational(`0${national}`),
    },
  };
}

/** "0977123456" → "097****456". */
export function maskNational(national: string): string {
  if (national.length < 7) return "*".repeat(national.length);
  return `${national.slice(0, 3)}${"*".repeat(national.length - 6)}${national.slice(-3)}`;
}
