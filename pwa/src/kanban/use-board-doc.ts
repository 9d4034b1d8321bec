// The kanban board document on this device (decision 0047): y-indexeddb keeps a copy, so the board's lane order and
// /TagsKanban open offline, and a Hocuspocus connection exchanges edits and presence with the sync server when it
// can (the same token and state handling as the quick messages, quick-messages-doc.ts). The server decides who may
// edit (admins) and who reads only.
import {
  type BoardLane,
  kanbanBoardDocumentName,
  listBoardLanes,
  observeBoard,
} from "@chatflow/core/contract/documents/kanban-board.ts";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import { api, tokens } from "../app-services.ts";
import {
  type ConnectionState,
  connectQuickMessages,
  defaultSyncUrl,
  INITIAL_CONNECTION,
} from "../quick-messages/quick-messages-doc.ts";
import { type Peer, presenceUser, watchPeers } from "../sync/doc-presence.ts";
import { checkSessionOver } from "../sync/realtime-socket.ts";

/** Who else has the board open, as their awareness says: their name and colour, and the lane they are editing. */
export type BoardPeer = { clientId: number; name: string; color: string; editing: number | null };

export type BoardDoc = ConnectionState & {
  doc: Y.Doc | null;
  lanes: BoardLane[];
  /** This device's copy is loaded. */
  loaded: boolean;
  peers: BoardPeer[];
  provider: HocuspocusProvider | null;
};

// Read at each connection, so a token renewed anywhere in the app is the one sent.
const currentToken = () => tokens.get() ?? "";
// An expired token refused by the sync server is renewed through the API client (its one shared refresh).
const renewToken = checkSessionOver(api);

const boardPeer = (p: Peer<{ editing?: unknown }>): BoardPeer => ({
  clientId: p.clientId,
  name: p.user.name,
  color: p.user.color,
  editing: typeof p.editing === "number" ? p.editing : null,
});

/**
 * Opens the company's board; `me` is announced to the others as present, in their colour (the screen adds the
 * lane being edited as the awareness field `editing`).
 */
export function useBoardDoc(
  companyId: number | null,
  me: { id: number; name: string } | null,
  syncUrl = defaultSyncUrl(),
): BoardDoc {
  const [doc, setDoc] = useState<Y.Doc | null>(null);
  const [lanes, setLanes] = useState<BoardLane[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [connection, setConnection] = useState<ConnectionState>(INITIAL_CONNECTION);
  const [provider, setProvider] = useState<HocuspocusProvider | null>(null);
  const [peers, setPeers] = useState<BoardPeer[]>([]);

  useEffect(() => {
    if (companyId === null) return;
    const d = new Y.Doc();
    const persistence = new IndexeddbPersistence(kanbanBoardDocumentName(companyId), d);
    let live = true;
    setDoc(d);
    setLanes(listBoardLanes(d));
    const unobserve = observeBoard(d, () => setLanes(listBoardLanes(d)));
    void persistence.whenSynced.then(() => live && setLoaded(true));
    return () => {
      live = false;
      unobserve();
      setDoc(null);
      setLoaded(false);
      void persistence.destroy().then(() => d.destroy());
    };
  }, [companyId]);

  useEffect(() => {
    if (!doc || companyId === null) return;
    setConnection(INITIAL_CONNECTION);
    const c = connectQuickMessages(doc, {
      companyId,
      documentName: kanbanBoardDocumentName(companyId),
      token: currentToken,
      syncUrl,
      renewToken,
      onState: setConnection,
    });
    setProvider(c.provider);
    const stopPeers = watchPeers<{ editing?: unknown }>(c.provider.awareness, null, (peers) =>
      setPeers(peers.map(boardPeer)),
    );
    return () => {
      stopPeers();
      setProvider(null);
      setPeers([]);
      c.destroy();
    };
  }, [doc, companyId, syncUrl]);

  const myId = me?.id ?? null;
  const myName = me?.name ?? null;
  useEffect(() => {
    if (provider && myId !== null && myName !== null)
      provider.setAwarenessField("user", presenceUser({ id: myId, name: myName }));
  }, [provider, myId, myName]);

  return { doc, lanes, loaded, peers, provider, ...connection };
}
