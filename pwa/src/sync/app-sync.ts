// Runs sync in the browser while someone is signed in: on start, on `online`,
// on every poke, after each local change; and obeys the server's logout frame.
import { api, db, sessionDeps, tokens } from "../app-services.ts";
import { endSession } from "../auth/session.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../ui/toasts.ts";
import { checkSessionOver, connectRealtime, socketUrl } from "./realtime-socket.ts";
import { reportRefusal } from "./refusals.ts";
import { createSyncEngine, type SyncEngine } from "./sync-engine.ts";

let engine: SyncEngine | null = null;

/** Ask for a push and pull now (after a local change); a no-op while signed out or offline. */
export function requestSync(): void {
  void engine?.sync();
}

/** Starts syncing; returns the function that stops it (on sign-out). */
export function startAppSync(): () => void {
  const current = createSyncEngine({
    db,
    api,
    isOnline: () => navigator.onLine,
    onRejected: (entry, error) => reportRefusal(entry, error),
  });
  engine = current;
  const onOnline = () => void current.sync();
  window.addEventListener("online", onOnline);

  let logoutTimer: ReturnType<typeof setTimeout> | undefined;
  const socket = connectRealtime({
    url: () => {
      const token = tokens.get();
      return token && navigator.onLine ? socketUrl(window.location.origin, token) : null;
    },
    onOpen: () => void current.sync(),
    // An expired token is refreshed (or an ended session ended) by asking the API.
    checkSession: checkSessionOver(api),
    onFrame: (frame) => {
      if (frame.type === "poke") void current.sync();
      // Signed out in another tab: this one follows at once, with nothing to explain.
      if (frame.type === "logout" && frame.reason === "LOGGED_OUT") void endSession(sessionDeps);
      else if (frame.type === "logout") {
        showToast(i18n.t("layout.sessionOtherComputer"));
        // The spec gives the person a second to read why before the session ends.
        clearTimeout(logoutTimer);
        logoutTimer = setTimeout(() => void endSession(sessionDeps), 1_000);
      }
    },
  });

  void current.sync();
  return () => {
    current.stop();
    socket.close();
    window.removeEventListener("online", onOnline);
    if (engine === current) engine = null;
  };
}
