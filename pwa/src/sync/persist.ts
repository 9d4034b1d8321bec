// Asks the browser to keep this origin's storage (navigator.storage.persist): without
// it, a browser short of disk may wipe IndexedDB, and with it the outbox of unsent
// replies. Asked once per install after sign-in (Firefox shows a prompt each time).
import type { ChatflowDb } from "../store/db.ts";
import { getMeta, setMeta } from "../store/meta.ts";

type Storage = Pick<StorageManager, "persist" | "persisted">;

/** True when storage is persistent, false when refused (or asked before), null when the browser cannot. */
export async function requestPersistentStorage(
  db: ChatflowDb,
  storage: Storage | undefined = (globalThis.navigator as Navigator | undefined)?.storage,
): Promise<boolean | null> {
  if (!storage?.persist || !storage.persisted) return null;
  if (await storage.persisted()) return true;
  if (await getMeta(db, "persistAsked")) return false;
  await setMeta(db, "persistAsked", true);
  return storage.persist();
}
