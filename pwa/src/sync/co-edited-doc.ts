// A co-edited Yjs document on this device (a quick-messages list, the kanban board, a flow's drawing): y-indexeddb
// keeps a copy so it opens and takes edits with no network, and a HocuspocusProvider exchanges edits with the sync
// server whenever it can reach it. One place for what every such connection does alike: the state it reports, the
// token renewed once per refusal, the scope the server changes while connected, the closes that end its rights.
import { type AccessScope, parseAccessChange } from "@chatflow/core/contract/documents/access-change.ts";
import { HocuspocusProvider } from "@hocuspocus/provider";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";

/**
 * Where co-editing is reached: core forwards WebSocket upgrades on /collab of its
 * own origin to the sync server (docs/decisions/0006-one-origin.md).
 */
export function defaultSyncUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/collab`;
}

export type LocalDoc = {
  doc: Y.Doc;
  /** Settles once this device's stored copy is loaded into `doc`. */
  loaded: Promise<void>;
  destroy(): Promise<void>;
};

/** Opens this device's copy of the document `name`; every edit to `doc` is kept in IndexedDB from now on. */
export function openLocalDoc(name: string): LocalDoc {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(name, doc);
  return {
    doc,
    loaded: persistence.whenSynced.then(() => undefined),
    async destroy() {
      await persistence.destroy();
      doc.destroy();
    },
  };
}

export type ConnectionState = {
  status: "connecting" | "connected" | "disconnected";
  /** The server's copy and ours have been exchanged since the last (re)connection. */
  synced: boolean;
  /**
   * The server's refusal or the reason it closed the document (ERR_SESSION_EXPIRED,
   * ERR_NO_PERMISSION, ERR_SUBSCRIPTION_EXPIRED), else null.
   */
  refused: string | null;
  /** What the server lets this connection do, as it last said; null before it said anything. */
  scope: AccessScope | null;
};

export const INITIAL_CONNECTION: ConnectionState = { status: "connecting", synced: false, refused: null, scope: null };

/** Why the server closes a document it had opened: each ends this connection's rights until it is made again. */
const CLOSE_REASONS = new Set(["ERR_SESSION_EXPIRED", "ERR_SUBSCRIPTION_EXPIRED", "ERR_NO_PERMISSION"]);

export type DocConnectionOptions = {
  /** The document's name on the sync server (the contract's `…DocumentName`). */
  name: string;
  /** The access token, or how to read the current one at each (re)connection. */
  token: string | (() => string);
  syncUrl: string;
  /**
   * Renews the access token when the sync server refuses it as no longer valid
   * (ERR_INVALID_TOKEN: expired); the connection then reconnects with `token()`.
   */
  renewToken?: () => Promise<void>;
  onState?: (state: ConnectionState) => void;
};

export type DocConnection = { provider: HocuspocusProvider; destroy(): void };

/** Connects `doc` to the sync server; `onState` hears every change of the connection. */
export function connectDoc(doc: Y.Doc, o: DocConnectionOptions): DocConnection {
  let state = INITIAL_CONNECTION;
  let destroyed = false;
  const set = (patch: Partial<ConnectionState>) => {
    state = { ...state, ...patch };
    o.onState?.(state);
  };
  const currentToken = () => (typeof o.token === "function" ? o.token() : o.token);
  // One renewal per refused token: a renewal that brings no new token (offline, refused) must not loop.
  let renewedFor: string | null = null;
  const renew = async () => {
    const refused = currentToken();
    if (!o.renewToken || renewedFor === refused) return;
    renewedFor = refused;
    await o.renewToken().catch(() => undefined);
    if (destroyed || currentToken() === refused) return;
    // The socket stays open after a refusal: authenticate again on it, then sync.
    await provider.sendToken();
    provider.startSync();
  };
  const provider = new HocuspocusProvider({
    url: o.syncUrl,
    name: o.name,
    document: doc,
    token: currentToken,
    onStatus: ({ status }) => set({ status, ...(status === "connected" ? {} : { synced: false }) }),
    onSynced: ({ state: synced }) => set({ synced }),
    onAuthenticated: ({ scope }) => set({ refused: null, scope }),
    // Rights changed while connected (an admin demoted or promoted): the same connection goes on with the new scope.
    onStateless: ({ payload }) => {
      const scope = parseAccessChange(payload);
      if (scope) set({ scope });
    },
    onAuthenticationFailed: ({ reason }) => {
      set({ refused: reason });
      if (reason === "ERR_INVALID_TOKEN") void renew();
    },
    // The server closes a document whose session ended, whose company expired or that the user may no longer open.
    onClose: ({ event }) => {
      if (CLOSE_REASONS.has(event.reason)) set({ refused: event.reason, synced: false, scope: null });
    },
  });
  return {
    provider,
    destroy: () => {
      destroyed = true;
      provider.destroy();
    },
  };
}
