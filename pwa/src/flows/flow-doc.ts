// A flow's drawing on this device: y-indexeddb keeps a copy (the editor opens and takes edits offline), and a
// HocuspocusProvider exchanges edits and presence with the sync server whenever it can reach it (decision 0051).
// Plain functions, so the hook stays thin and tests drive the same code.
import { flowDocumentName } from "@chatflow/core/contract/documents/flow.ts";
import { HocuspocusProvider } from "@hocuspocus/provider";
import { clearDocument, IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { type ConnectionState, INITIAL_CONNECTION } from "../quick-messages/quick-messages-doc.ts";

export type LocalFlow = { doc: Y.Doc; loaded: Promise<void>; destroy(): Promise<void> };

/** Opens this device's copy of a flow's drawing; every edit to `doc` is kept in IndexedDB from now on. */
export function openLocalFlow(companyId: number, flowId: number): LocalFlow {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(flowDocumentName(companyId, flowId), doc);
  return {
    doc,
    loaded: persistence.whenSynced.then(() => undefined),
    async destroy() {
      await persistence.destroy();
      doc.destroy();
    },
  };
}

/** Forgets this device's copy of a flow (the flow was deleted: nothing of it may come back from here). */
export function forgetLocalFlow(companyId: number, flowId: number): Promise<void> {
  return clearDocument(flowDocumentName(companyId, flowId));
}

/** What each editor tells the others (awareness): who, in which colour, where the pointer is, what is selected. */
export type Presence = {
  user?: { id: number; name: string; color: string };
  /** The pointer in flow coordinates, or null when it left the canvas. */
  cursor?: { x: number; y: number } | null;
  selection?: string[];
};

export type RemoteEditor = Required<Pick<Presence, "user">> & Presence & { clientId: number };

/** A stable, readable colour per user (on light and dark themes alike). */
export function presenceColor(userId: number): string {
  const hue = (userId * 137.508) % 360;
  return `hsl(${Math.round(hue)} 70% 45%)`;
}

const CLOSE_REASONS = new Set(["ERR_SESSION_EXPIRED", "ERR_SUBSCRIPTION_EXPIRED", "ERR_NO_PERMISSION"]);

export type FlowConnectionOptions = {
  companyId: number;
  flowId: number;
  token: string | (() => string);
  syncUrl: string;
  renewToken?: () => Promise<void>;
  me: { id: number; name: string };
  onState?: (state: ConnectionState) => void;
  onEditors?: (editors: RemoteEditor[]) => void;
};

export type FlowConnection = {
  provider: HocuspocusProvider;
  setPresence(patch: Omit<Presence, "user">): void;
  destroy(): void;
};

/** Connects `doc` to the sync server with presence; `onState` hears the connection, `onEditors` the others. */
export function connectFlow(doc: Y.Doc, o: FlowConnectionOptions): FlowConnection {
  let state = INITIAL_CONNECTION;
  let destroyed = false;
  const set = (patch: Partial<ConnectionState>) => {
    state = { ...state, ...patch };
    o.onState?.(state);
  };
  const currentToken = () => (typeof o.token === "function" ? o.token() : o.token);
  let renewedFor: string | null = null;
  const renew = async () => {
    const refused = currentToken();
    if (!o.renewToken || renewedFor === refused) return;
    renewedFor = refused;
    await o.renewToken().catch(() => undefined);
    if (destroyed || currentToken() === refused) return;
    await provider.sendToken();
    provider.startSync();
  };
  const provider = new HocuspocusProvider({
    url: o.syncUrl,
    name: flowDocumentName(o.companyId, o.flowId),
    document: doc,
    token: currentToken,
    onStatus: ({ status }) => set({ status, ...(status === "connected" ? {} : { synced: false }) }),
    onSynced: ({ state: synced }) => set({ synced }),
    onAuthenticated: ({ scope }) => set({ refused: null, scope }),
    onAuthenticationFailed: ({ reason }) => {
      set({ refused: reason });
      if (reason === "ERR_INVALID_TOKEN") void renew();
    },
    onClose: ({ event }) => {
      if (CLOSE_REASONS.has(event.reason)) set({ refused: event.reason, synced: false, scope: null });
    },
  });
  const awareness = provider.awareness;
  awareness?.setLocalStateField("user", { id: o.me.id, name: o.me.name, color: presenceColor(o.me.id) });
  // Only a change of the others is told: this editor's own pointer moves (every pointermove while panning) would
  // otherwise redraw the editor each time.
  let told = "[]";
  const tell = () => {
    if (!awareness) return;
    const others: RemoteEditor[] = [];
    for (const [clientId, s] of awareness.getStates()) {
      const presence = s as Presence;
      if (clientId === awareness.clientID || !presence.user) continue;
      others.push({ ...presence, user: presence.user, clientId });
    }
    others.sort((a, b) => a.clientId - b.clientId);
    const now = JSON.stringify(others);
    if (now === told) return;
    told = now;
    o.onEditors?.(others);
  };
  awareness?.on("change", tell);
  // The browser says when the network goes and comes back: close at once (edits stay in IndexedDB and the
  // document) and reconnect at once, rather than waiting out the provider's backoff of up to 30 s.
  const offline = () => void provider.disconnect();
  const online = () => void provider.connect();
  globalThis.addEventListener?.("offline", offline);
  globalThis.addEventListener?.("online", online);
  return {
    provider,
    setPresence(patch) {
      for (const [key, value] of Object.entries(patch)) awareness?.setLocalStateField(key, value);
    },
    destroy() {
      destroyed = true;
      globalThis.removeEventListener?.("offline", offline);
      globalThis.removeEventListener?.("online", online);
      awareness?.off("change", tell);
      provider.destroy();
    },
  };
}
