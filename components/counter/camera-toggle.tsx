"use client";

import { Camera, CameraOff } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";

// "Scan a card" and the camera it starts (issue 47). The camera's code (and jsQR where the browser
// cannot read QR codes itself) is fetched only when the cashier starts it, so scanning adds next
// to nothing to a page's first load. `onCode` receives a well-formed card code.

const CameraScanner = dynamic(
  () => import("@/components/counter/camera-scanner").then((m) => m.CameraScanner),
  {
    loading: () => (
      <p role="status" className="text-sm text-muted-foreground">
        Starting the camera…
      </p>
    ),
  },
);

export function CameraToggle({
  onCode,
  startOn = false,
  variant = "default",
}: {
  onCode: (code: string) => void;
  startOn?: boolean;
  /** The button's look while the camera is off. */
  variant?: "default" | "secondary";
}) {
  const [camera, setCamera] = useState(startOn);
  return (
    <>
      <div>
        <Button
          type="button"
          variant={camera ? "outline" : variant}
          aria-pressed={camera}
          onClick={() => setCamera((on) => !on)}
        >
          {camera ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
          {camera ? "Stop the camera" : "Scan a card"}
        </Button>
      </div>
      {camera && <CameraScanner onCode={onCode} />}
    </>
  );
}
