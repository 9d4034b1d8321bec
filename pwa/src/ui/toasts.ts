// Short notices (spec 1 §8: toasts last 2 seconds). Plain functions so the sync
// engine and the session code can raise them without React.
import { atom, getDefaultStore } from "jotai";

export type Toast = { id: number; text: string; kind: "error" | "info" };

export const toastsAtom = atom<Toast[]>([]);

const TOAST_MS = 2_000;
let nextId = 1;

export function showToast(text: string, kind: Toast["kind"] = "error", durationMs = TOAST_MS): void {
  const store = getDefaultStore();
  const id = nextId++;
  store.set(toastsAtom, (list) => [...list, { id, text, kind }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), durationMs);
}
