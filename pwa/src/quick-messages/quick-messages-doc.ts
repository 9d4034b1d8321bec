// A quick-messages list on this device (the company's general one or the user's
// personal one): y-indexeddb keeps a copy so the list opens and takes edits with
// no network, and a HocuspocusProvider exchanges edits with the sync server
// whenever it can reach it. Plain functions, so the hook stays thin and tests
// drive the same code.
import { type AccessScope, parseAccessChange } from "@chatflow/core/contract/documents/access-change.ts";
import {
  listQuickMessages,
  observeQuickMessages,
  type QuickMessage,
  type QuickMessagesList,
  quickMessagesDocumentName,
} from "@chatflow/core/contract/documents/quick-messages.ts";
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

export type LocalQuickMessages = {
  doc: Y.Doc;
  /** Settles once this device's stored copy is loaded into `doc`. */
  loaded: Promise<void>;
  destroy(): Promise<void>;
};

/** Opens this device's copy of a list; every edit to `doc` is kept in IndexedDB from now on. */
export function openLocalQuickMessages(companyId: number, list?: QuickMessagesList): LocalQuickMessages {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(quickMessagesDocumentName(companyId, list), doc);
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
   * The server's refusal or the reason it closed the list (ERR_SESSION_EXPIRED,
   * ERR_NO_PERMISSION, ERR_SUBSCRIPTION_EXPIRED), else null.
   */
  refused: string | null;
  /** What the server lets this connection do, as it last said; null before it said anything. */
  scope: AccessScope | null;
};

export const INITIAL_CONNECTION: ConnectionState = { status: "connecting", synced: false, refused: null, scope: null };

/** Why the server closes a list it had opened: each ends this connection's rights until it is made again. */
const CLOSE_REASONS = new Set(["ERR_SESSION_EXPIRED", "ERR_SUBSCRIPTION_EXPIRED", "ERR_NO_PERMISSION"]);

export type QuickMessagesConnectionOptions = {
  companyId: number;
  /** Which list; the company's general one when absent. */
  list?: QuickMessagesList;
  /** Another co-edited document to connect instead (the kanban board), with the same token and state handling. */
  documentName?: string;
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

/** Connects `doc` to the sync server; `onState` hears every change of the connection. */
export function connectQuickMessages(
  doc: Y.Doc,
  o: QuickMessagesConnectionOptions,
): { provider: HocuspocusProvider; destroy(): void } {
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
    name: o.documentName ?? quickMessagesDocumentName(o.companyId, o.list),
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
    // The server closes a list whose session ended, whose company expired or that the user may no longer open.
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

/** The current list, and a subscription that hands over each new one. */
export function watchQuickMessages(doc: Y.Doc, onList: (items: QuickMessage[]) => void): () => void {
  onList(listQuickMessages(doc));
  return observeQuickMessages(doc, () => onList(listQuickMessages(doc)));
}
