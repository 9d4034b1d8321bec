// Runs sync in the browser while someone is signed in. One tab leads (tab-sync.ts):
// it pushes and pulls on start, on `online`, on every poke and after each local
// change in any tab, holds the realtime socket and keeps the replica within its
// budget; every tab obeys the server's logout frame. Also asks, once, for storage
// the browser will not wipe, and keeps this browser's push subscription current.
import type { ServerFrame } from "@chatflow/core/contract/sync.ts";
import { emitAnnouncementsChanged } from "../announcements/announcement-events.ts";
import { db } from "../app-db.ts";
import { api, sessionDeps, tokens } from "../app-services.ts";
import { endSession } from "../auth/session.ts";
import { emitPayment } from "../financeiro/payment-events.ts";
import { i18n } from "../i18n/i18n.ts";
import { refreshPushSubscription } from "../pwa/push-subscription.ts";
import { showToast } from "../ui/toasts.ts";
import { DEFAULT_REPLICA_BUDGET, evictReplica, type ReplicaBudget } from "./evict.ts";
import { requestPersistentStorage } from "./persist.ts";
import { emitPoke } from "./pokes.ts";
import { checkSessionOver, connectRealtime, socketUrl } from "./realtime-socket.ts";
import { reportRefusal } from "./refusals.ts";
import { createSyncEngine } from "./sync-engine.ts";
import { startTabSync, type TabSync } from "./tab-sync.ts";

let current: TabSync | null = null;

/** Ask for a push and pull now (after a local change); a no-op while signed out. Any tab may call it. */
export function requestSync(): void {
  current?.requestSync();
}

/** Starts syncing; returns the function that stops it (on sign-out). */
export function startAppSync(options: { budget?: ReplicaBudget } = {}): () => void {
  const budget = options.budget ?? DEFAULT_REPLICA_BUDGET;
  const engine = createSyncEngine({
    db,
    api,
    isOnline: () => navigator.onLine,
    onRejected: (entry, error) => reportRefusal(entry, error),
    afterPull: () => evictReplica(db, budget),
  });

  let logoutTimer: ReturnType<typeof setTimeout> | undefined;
  const onFrame = (frame: ServerFrame) => {
    // The company's data changed: screens that show the server's view refetch (pokes.ts).
    if (frame.type === "poke") emitPoke();
    // The platform's announcements changed (spec 3 §7 'company-announcement'): top bars and the list ask again.
    if (frame.type === "announcements") emitAnnouncementsChanged();
    // An invoice of the company was paid (spec 3 §7 'company-{id}-payment'): the checkout's payment screen follows.
    if (frame.type === "payment") emitPayment(frame);
    // Signed out in another tab: this one follows at once, with nothing to explain.
    if (frame.type === "logout" && frame.reason === "LOGGED_OUT") void endSession(sessionDeps);
    else if (frame.type === "logout") {
      showToast(i18n.t("layout.sessionOtherComputer"));
      // The spec gives the person a second to read why before the session ends.
      clearTimeout(logoutTimer);
      logoutTimer = setTimeout(() => void endSession(sessionDeps), 1_000);
    }
  };

  const tab = startTabSync({
    engine,
    onFrame,
    connect: (frame) =>
      connectRealtime({
        url: () => {
          const token = tokens.get();
          return token && navigator.onLine ? socketUrl(window.location.origin, token) : null;
        },
        onOpen: () => {
          void engine.sync();
          // A (re)connection may follow missed pokes: the screens that follow them refetch too, in every tab.
          frame({ type: "poke" });
          frame({ type: "announcements" });
        },
        // An expired token is refreshed (or an ended session ended) by asking the API.
        checkSession: checkSessionOver(api),
        onFrame: (f) => {
          if (f.type === "poke") void engine.sync();
          // Every frame reaches every tab (tab-sync relays it): pokes for the screens that follow them.
          frame(f);
        },
      }),
    onOnline: (listener) => {
      window.addEventListener("online", listener);
      return () => window.removeEventListener("online", listener);
    },
  });
  current = tab;

  void requestPersistentStorage(db).catch(() => undefined);
  void refreshPushSubscription(api).catch((err: unknown) => console.warn("push subscription", err));

  return () => {
    clearTimeout(logoutTimer);
    // Stopping because this tab signed out: the other tabs follow at once, as a logout frame would make them
    // (the server's frame reaches only the leader's socket, which may close first).
    if (!tokens.get()) tab.broadcast({ type: "logout", reason: "LOGGED_OUT" });
    tab.stop();
    if (current === tab) current = null;
  };
}
