import jsQR from "jsqr";
import { isCardCode, normalizeCardCode } from "@/lib/contracts/cards";

// Reading a card's QR code from a camera frame where the browser has no BarcodeDetector (issue
// 47): jsQR over the frame's RGBA pixels. Fetched only when the camera starts on such a browser
// (components/counter/camera-scanner.tsx imports it on demand), so no page pays for it up front.

/** RGBA pixels, as a canvas's getImageData gives them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/** The text of the QR code in the frame, or null when there is none. */
export function decodeQr(frame: Pixels): string | null {
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
  return found?.data ? found.data : null;
}

/** The card code of a QR's text, or null when the text is not a canteen card's. */
export function cardCodeOf(text: string | null): string | null {
  if (text === null) return null;
  const code = normalizeCardCode(text);
  return isCardCode(code) ? code : null;
}
