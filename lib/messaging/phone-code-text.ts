import { PHONE_CODE_MINUTES } from "@/lib/contracts/phone-verification";
import { shorten } from "@/lib/messaging/gsm7";

// The text that carries a phone code (issue 48): one GSM-7 SMS whatever the school's name, the
// code first so a phone's keyboard can offer it.

/** The school's name is cut to this many characters to keep the text one SMS. */
const NAME_MAX = 40;

export function phoneCodeText(schoolName: string, code: string): string {
  return (
    `${code} is your code to verify this phone for ${shorten(schoolName, NAME_MAX)}. ` +
    `It expires in ${PHONE_CODE_MINUTES} minutes. Do not share it.`
  );
}
