// Small typed accessors for the meta table: sync cursor, client id, session user.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import type { ListName } from "@chatflow/core/contract/sync.ts";
import { uuidv7 } from "../util/uuidv7.ts";
import type { ChatflowDb } from "./db.ts";

type MetaValues = {
  /** Last cursor the server gave; "0" means a first pull. */
  cursor: string;
  /** Stable id of this browser install; with the mutation id it is the server's idempotency key. */
  clientId: string;
  /** The signed-in user, so the app opens offline without asking the server. */
  sessionUser: UserDTO;
  /** Whose data the replica and outbox hold; another user's login wipes them. */
  ownerUserId: number;
  /** navigator.storage.persist() was asked once already (sync/persist.ts). */
  persistAsked: boolean;
  /**
   * Which kinds of ticket the replica holds all of (the first pull came under
   * REPLICA_BOOT_LIMITS): those the list counts and pages by itself; the rest it asks core for.
   */
  ticketsComplete: { inProgress: boolean; closed: boolean };
  /**
   * Tickets whose conversations a first pull in pages has not brought yet (decision 0040): not held here
   * until their page comes, or the conversation screen fetches them (sync/held.ts). One row, not one per ticket:
   * the first pull writes it once per page instead of 10,000 eviction rows.
   */
  pendingConversations: number[];
  /**
   * Per admin list read over REST (files, tags, integrations, prompts), the cursor of the pull that said it
   * changed: a screen showing the list asks again when its stamp moves (decision 0063). Kept in the replica so
   * that every tab of the app sees it, not only the one that pulls.
   */
  listStamps: Partial<Record<ListName, string>>;
};

export async function getMeta<K extends keyof MetaValues>(db: ChatflowDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

export async function setMeta<K extends keyof MetaValues>(db: ChatflowDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}

export async function deleteMeta(db: ChatflowDb, key: keyof MetaValues): Promise<void> {
  await db.meta.delete(key);
}

/** Returns this install's client id, making one on first use inside a transaction so two tabs agree. */
export async function getClientId(db: ChatflowDb): Promise<string> {
  return db.transaction("rw", db.meta, async () => {
    const existing = await getMeta(db, "clientId");
    if (existing) return existing;
    const id = uuidv7();
    await setMeta(db, "clientId", id);
    return id;
  });
}
