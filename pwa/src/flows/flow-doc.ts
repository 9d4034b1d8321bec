// A flow's drawing on this device: y-indexeddb keeps a copy (the editor opens and takes edits offline), and a
// HocuspocusProvider exchanges edits and presence with the sync server whenever it can reach it (decision 0051).
// Plain functions, so the hook stays thin and tests drive the same code.
import { flowDocumentName } from "@chatflow/core/contract/documents/flow.ts";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { clearDocument } from "y-indexeddb";
import type * as Y from "yjs";
import { connectDoc, type DocConnectionOptions, type LocalDoc, openLocalDoc } from "../sync/co-edited-doc.ts";
import { type Peer, type PresenceUser, watchPeers } from "../sync/doc-presence.ts";

export type LocalFlow = LocalDoc;

/** Opens this device's copy of a flow's drawing; every edit to `doc` is kept in IndexedDB from now on. */
export function openLocalFlow(companyId: number, flowId: number): LocalFlow {
  return openLocalDoc(flowDocumentName(companyId, flowId));
}

/** Forgets this device's copy of a flow (the flow was deleted: nothing of it may come back from here). */
export function forgetLocalFlow(companyId: number, flowId: number): Promise<void> {
  return clearDocument(flowDocumentName(companyId, flowId));
}

/** What each editor tells the others (awareness): who, in which colour, where the pointer is, what is selected. */
export type Presence = {
  user?: PresenceUser;
  /** The pointer in flow coordinates, or null when it left the canvas. */
  cursor?: { x: number; y: number } | null;
  selection?: string[];
};

export type RemoteEditor = Peer<Omit<Presence, "user">>;

export type FlowConnectionOptions = Omit<DocConnectionOptions, "name"> & {
  companyId: number;
  flowId: number;
  me: { id: number; name: string };
  onEditors?: (editors: RemoteEditor[]) => void;
};

export type FlowConnection = {
  provider: HocuspocusProvider;
  setPresence(patch: Omit<Presence, "user">): void;
  destroy(): void;
};

/** Connects `doc` to the sync server with presence; `onState` hears the connection, `onEditors` the others. */
export function connectFlow(doc: Y.Doc, o: FlowConnectionOptions): FlowConnection {
  const connection = connectDoc(doc, { ...o, name: flowDocumentName(o.companyId, o.flowId) });
  const { provider } = connection;
  const awareness = provider.awareness;
  const stopPeers = watchPeers<Omit<Presence, "user">>(awareness, o.me, (others) => o.onEditors?.(others));
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
      globalThis.removeEventListener?.("offline", offline);
      globalThis.removeEventListener?.("online", online);
      stopPeers();
      connection.destroy();
    },
  };
}
