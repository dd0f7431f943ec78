"use client";

import { useEffect, useRef, useState } from "react";
import type { Pixels } from "@/components/counter/qr-decode";
import { isCardCode, normalizeCardCode } from "@/lib/contracts/cards";

// The camera half of the card scanner (issue 47), fetched only when the cashier starts the camera:
// the rear camera through getUserMedia, read by the browser's own BarcodeDetector where it has
// one, else by jsQR on a canvas frame (its code fetched then too). The camera stops on unmount.

/** The part of the (not yet standard) BarcodeDetector this uses. */
type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

export const CAMERA_REFUSED =
  "The camera was refused. Allow it in the browser's site settings, or type the card's code.";
export const CAMERA_ABSENT = "No camera can be used on this device. Type the card's code instead.";
export const CAMERA_FAILED = "The camera could not be started. Type the card's code instead.";
export const NOT_A_CARD = "That QR code is not a canteen card.";

/** How often a frame is read, and how long the same card is not reported twice. */
const FRAME_MS = 250;
const SAME_CODE_MS = 3000;
/** Frames are read at most this wide: enough for a card held up to the camera, cheap to scan. */
const MAX_FRAME_WIDTH = 640;

async function barcodeReader(): Promise<Reader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return null;
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<Reader> {
  const { decodeQr } = await import("@/components/counter/qr-decode");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame: Pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return decodeQr(frame);
  };
}

function cameraError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return CAMERA_REFUSED;
  if (name === "NotFoundError" || name === "OverconstrainedError") return CAMERA_ABSENT;
  return CAMERA_FAILED;
}

export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onCode);
  const [problem, setProblem] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const element = video.current;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: "", at: 0 };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(CAMERA_ABSENT);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraError(error));
        return;
      }
      if (stopped || !element) return stopStream();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const read = (await barcodeReader()) ?? (await jsqrReader());
      if (stopped) return;
      setLive(true);
      const tick = async () => {
        if (stopped) return;
        const text = await read(element).catch(() => null);
        if (text !== null && !stopped) {
          const code = normalizeCardCode(text);
          if (!isCardCode(code)) setHint(NOT_A_CARD);
          else if (code !== last.code || Date.now() - last.at > SAME_CODE_MS) {
            last = { code, at: Date.now() };
            setHint(null);
            report.current(code);
          }
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    }

    function stopStream() {
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopStream();
      if (element) element.srcObject = null;
    };
  }, []);

  if (problem) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {problem}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view: hold the card's QR code in the frame"
        className="aspect-video w-full max-w-md rounded-md bg-black object-cover"
      />
      <p role="status" className="text-sm text-muted-foreground">
        {hint ?? (live ? "Hold the card's QR code in front of the camera" : "Starting the camera…")}
      </p>
    </div>
  );
}
