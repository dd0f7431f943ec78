import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { CardScanner, CODE_INVALID, CODE_REQUIRED } from "@/components/counter/card-scanner";
import { CAMERA_ABSENT, CAMERA_REFUSED } from "@/components/counter/camera-scanner";
import { cardCodeOf, decodeQr, type Pixels } from "@/components/counter/qr-decode";

// Issue 47: the counter's card scanner. The typed code is always there and hands on a clean code;
// a QR code made by the qrcode package (as the cards PDF draws it) decodes back to its code through
// jsQR; the camera's refusal or absence is said plainly, and the camera stops on unmount.

const CODE = "AB3K7MNPQRST";

/** The QR of `text` as a camera frame: `scale` pixels a module, the 4-module quiet zone, white. */
function qrFrame(text: string, scale = 4): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = (modules.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      const inside = row >= 0 && col >= 0 && row < modules.size && col < modules.size;
      if (inside && modules.get(row, col)) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { data, width: side, height: side };
}

const realMediaDevices = Object.getOwnPropertyDescriptor(navigator, "mediaDevices");

afterEach(() => {
  if (realMediaDevices) Object.defineProperty(navigator, "mediaDevices", realMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
});

function withCamera(getUserMedia: (constraints: unknown) => Promise<unknown>) {
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia },
  });
}

describe("the typed code", () => {
  it("hands on the code in upper case without spaces or dashes", async () => {
    const onCode = jest.fn();
    render(<CardScanner onCode={onCode} />);
    await userEvent.type(screen.getByLabelText("Card code"), "ab3k 7mnp-qrst");
    await userEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(onCode).toHaveBeenCalledWith(CODE);
    expect(screen.getByLabelText("Card code")).toHaveValue("");
  });

  it("says what is wrong with an empty or malformed code, and hands on nothing", async () => {
    const onCode = jest.fn();
    render(<CardScanner onCode={onCode} />);
    await userEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(screen.getByRole("alert")).toHaveTextContent(CODE_REQUIRED);
    await userEvent.type(screen.getByLabelText("Card code"), "AB3K0");
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("alert")).toHaveTextContent(CODE_INVALID);
    expect(screen.getByLabelText("Card code")).toHaveAttribute("aria-invalid", "true");
    expect(onCode).not.toHaveBeenCalled();
  });

  it("is a form that posts nowhere without script", () => {
    const { container } = render(<CardScanner onCode={() => {}} />);
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/no-script");
  });
});

describe("decoding a card's QR code (jsQR)", () => {
  it("reads back the code the qrcode package drew", () => {
    const text = decodeQr(qrFrame(CODE));
    expect(text).toBe(CODE);
    expect(cardCodeOf(text)).toBe(CODE);
  });

  it("reads a small frame too, and nothing from a blank one", () => {
    expect(decodeQr(qrFrame(CODE, 2))).toBe(CODE);
    const blank = new Uint8ClampedArray(100 * 100 * 4).fill(255);
    expect(decodeQr({ data: blank, width: 100, height: 100 })).toBeNull();
  });

  it("takes a QR code that is not a card's for no card", () => {
    // Upper case keeps it in the QR's alphanumeric mode, as the cards' codes are.
    const text = decodeQr(qrFrame("HTTP://EXAMPLE.COM/MENU"));
    expect(text).toBe("HTTP://EXAMPLE.COM/MENU");
    expect(cardCodeOf(text)).toBeNull();
  });
});

describe("the camera", () => {
  it("says so when the camera is refused, and the typed code still works", async () => {
    withCamera(() => Promise.reject(new DOMException("denied", "NotAllowedError")));
    const onCode = jest.fn();
    render(<CardScanner onCode={onCode} />);
    await userEvent.click(screen.getByRole("button", { name: "Scan a card" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(CAMERA_REFUSED);
    await userEvent.type(screen.getByLabelText("Card code"), CODE);
    await userEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(onCode).toHaveBeenCalledWith(CODE);
  });

  it("says so when there is no camera", async () => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    render(<CardScanner onCode={() => {}} startWithCamera />);
    expect(await screen.findByRole("alert")).toHaveTextContent(CAMERA_ABSENT);
  });

  it("reads a card with the browser's BarcodeDetector and stops the camera on unmount", async () => {
    const stop = jest.fn();
    const stream = { getTracks: () => [{ stop }] };
    const getUserMedia = jest.fn((_constraints: unknown) => Promise.resolve(stream));
    withCamera(getUserMedia);
    const play = jest
      .spyOn(HTMLMediaElement.prototype, "play")
      .mockImplementation(() => Promise.resolve());
    class FakeDetector {
      static getSupportedFormats = () => Promise.resolve(["qr_code", "ean_13"]);
      detect = () => Promise.resolve([{ rawValue: "ab3k-7mnp-qrst" }]);
    }
    (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = FakeDetector;
    const onCode = jest.fn();
    const view = render(<CardScanner onCode={onCode} startWithCamera />);
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(CODE));
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: "environment" } },
      audio: false,
    });
    // The same card held in front of the camera is reported once, not at every frame.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(onCode).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(stop).toHaveBeenCalled();
    play.mockRestore();
  });
});
