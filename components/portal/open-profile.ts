"use client";

import { useEffect, useRef } from "react";

// Profile Settings opened from anywhere (issue 24 §2): the e-mail notice on the dashboard and the
// "Email Required" toast's button raise this window event; <PortalHeader>, which owns the dialog,
// listens for it.
export const OPEN_PROFILE_EVENT = "open-profile-settings";

export function openProfileSettings(): void {
  window.dispatchEvent(new Event(OPEN_PROFILE_EVENT));
}

export function useOpenProfileSettings(onOpen: () => void): void {
  const handler = useRef(onOpen);
  useEffect(() => {
    handler.current = onOpen;
  });
  useEffect(() => {
    const listener = () => handler.current();
    window.addEventListener(OPEN_PROFILE_EVENT, listener);
    return () => window.removeEventListener(OPEN_PROFILE_EVENT, listener);
  }, []);
}
