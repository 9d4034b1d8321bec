// The browser's single instances of the local store, the session and the API
// client, wired together. Kept apart from the logic modules so tests build their own.
import { getDefaultStore } from "jotai";
import { createApiClient } from "./api/http.ts";
import { endSession, refreshSession, type SessionDeps } from "./auth/session.ts";
import { sessionAtom } from "./auth/session-state.ts";
import { createTokenStorage, memoryStorage } from "./auth/token-storage.ts";
import { errorText } from "./i18n/translate-error.ts";
import { showToast } from "./ui/toasts.ts";
import { afterPageLoad } from "./util/yield-to-main.ts";

function storage(kind: "localStorage" | "sessionStorage"): Storage {
  try {
    return window[kind];
  } catch {
    // Storage can throw when the browser blocks it; the session then lasts for this page.
    return memoryStorage();
  }
}

export const tokens = createTokenStorage(storage("localStorage"), storage("sessionStorage"));

// Dexie loads apart from the first screen (app-db.ts, decision 0081). Signed in, the inbox reads the local store
// at once: its code is fetched now, while the first screen renders, not after.
const loadDb = () => import("./app-db.ts").then((m) => m.db);
let dbOnStart = tokens.get() ? loadDb() : null;

export const sessionDeps: SessionDeps = {
  // The early fetch serves the first call; later calls import again (at once once loaded, or a retry if it failed).
  localDb: () => {
    const loading = dbOnStart ?? loadDb();
    dbOnStart = null;
    return loading;
  },
  baseUrl: window.location.origin,
  tokens,
  setState: (state) => getDefaultStore().set(sessionAtom, state),
  isOnline: () => navigator.onLine,
  afterFirstScreen: afterPageLoad,
};

export const api = createApiClient({
  baseUrl: window.location.origin,
  getToken: () => tokens.get(),
  refreshToken: () => refreshSession(sessionDeps),
  onSessionExpired: () => {
    // Several calls can fail with 401 at once; tell the person only once.
    if (getDefaultStore().get(sessionAtom).status !== "authenticated") return;
    showToast(errorText({ error: "ERR_SESSION_EXPIRED", message: "" }));
    void endSession(sessionDeps, "expired");
  },
});
