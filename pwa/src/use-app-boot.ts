// Starts the session and the brand once per page load, even when StrictMode runs effects twice in development.
import { useEffect } from "react";
import { sessionDeps } from "./app-services.ts";
import { bootSession } from "./auth/session.ts";
import { loadBranding } from "./settings/branding.ts";

let booted = false;

export function useAppBoot(): void {
  useEffect(() => {
    if (booted) return;
    booted = true;
    // The brand (spec 3 §2 White-label) before and after login: kept colours at once, the server's next.
    void loadBranding(window.location.origin);
    bootSession(sessionDeps).catch((err: unknown) => {
      // IndexedDB refused (e.g. storage blocked): nothing to open offline, so ask for a login.
      console.error("session start failed", err);
      sessionDeps.setState({ status: "anonymous" });
    });
  }, []);
}
