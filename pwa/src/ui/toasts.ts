// Short notices (spec 1 §8: toasts last 2 seconds). Plain functions so the sync
// engine and the session code can raise them without React.
import { atom, getDefaultStore } from "jotai";

/** pending: a change kept on this device, still on its way (it stays until told how it ended). */
export type Toast = { id: number; text: string; kind: "error" | "info" | "pending" };

export const toastsAtom = atom<Toast[]>([]);

const TOAST_MS = 2_000;
let nextId = 1;

export function showToast(text: string, kind: Toast["kind"] = "error", durationMs = TOAST_MS): void {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, (list) => [...list, { id, text, kind }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), durationMs);
}

/**
 * A toast that stays while something is under way ("Salvo neste dispositivo, enviando…"); `settle` replaces it
 * with its outcome (shown the usual 2 seconds), or with nothing.
 */
export function showPendingToast(text: string): { settle: (outcome: string | null, kind?: Toast["kind"]) => void } {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, (list) => [...list, { id, text, kind: "pending" }]);
  return {
    settle(outcome, kind = "info") {
      store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
      if (outcome) showToast(outcome, kind);
    },
  };
}
