// React hook over quick-messages-doc.ts: a list's document stays open (and in
// IndexedDB) for the company, while the connection is remade when the token or
// the server address changes, e.g. after the access token is refreshed.
import {
  type QuickMessage,
  type QuickMessagesList,
  quickMessagesDocumentId,
  quickMessagesListOf,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { useEffect, useState } from "react";
import type * as Y from "yjs";
import { type Peer, watchPeers } from "../sync/doc-presence.ts";
import {
  type ConnectionState,
  connectQuickMessages,
  INITIAL_CONNECTION,
  openLocalQuickMessages,
  type QuickMessagesConnectionOptions,
  watchQuickMessages,
} from "./quick-messages-doc.ts";

export type QuickMessagesDoc = ConnectionState & {
  /** Null until the document is opened; edit it with the functions of quick-messages.ts. */
  doc: Y.Doc | null;
  items: QuickMessage[];
  /** This device's copy is loaded (so an empty list really is empty here). */
  loaded: boolean;
  /** Who else has the list open now (awareness), when `me` was given. */
  peers: Peer[];
};

// The doc travels with the company and list it was opened for, so a connection is
// never made between one list's copy and another list's document name.
type Opened = { doc: Y.Doc; companyId: number; list: QuickMessagesList };

export function useQuickMessagesDoc(
  companyId: number,
  list: QuickMessagesList,
  token: QuickMessagesConnectionOptions["token"],
  syncUrl: string,
  renewToken?: () => Promise<void>,
  /** Announced to the others on the list (presence); null: this device only listens. */
  me: { id: number; name: string } | null = null,
): QuickMessagesDoc {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [items, setItems] = useState<QuickMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [connection, setConnection] = useState<ConnectionState>(INITIAL_CONNECTION);
  const [peers, setPeers] = useState<Peer[]>([]);
  const meId = me?.id ?? null;
  const meName = me?.name ?? null;
  // A string, so a list object made anew at each render does not reopen the document.
  const listId = quickMessagesDocumentId(list);

  useEffect(() => {
    const openedList = quickMessagesListOf(listId);
    if (!openedList) return;
    const local = openLocalQuickMessages(companyId, openedList);
    let live = true;
    setOpened({ doc: local.doc, companyId, list: openedList });
    setLoaded(false);
    const unwatch = watchQuickMessages(local.doc, setItems);
    void local.loaded.then(() => live && setLoaded(true));
    return () => {
      live = false;
      unwatch();
      setOpened(null);
      setItems([]);
      void local.destroy();
    };
  }, [companyId, listId]);

  useEffect(() => {
    if (!opened) return;
    setConnection(INITIAL_CONNECTION);
    const connection = connectQuickMessages(opened.doc, {
      companyId: opened.companyId,
      list: opened.list,
      token,
      syncUrl,
      renewToken,
      onState: setConnection,
    });
    const stopPeers = watchPeers(
      connection.provider.awareness,
      meId === null || meName === null ? null : { id: meId, name: meName },
      setPeers,
    );
    return () => {
      stopPeers();
      setPeers([]);
      connection.destroy();
    };
  }, [opened, token, syncUrl, renewToken, meId, meName]);

  return { doc: opened?.doc ?? null, items, loaded, peers, ...connection };
}
