// A quick-messages list on this device (the company's general one or the user's
// personal one): y-indexeddb keeps a copy so the list opens and takes edits with
// no network, and a HocuspocusProvider exchanges edits with the sync server
// whenever it can reach it (sync/co-edited-doc.ts, shared with the board and the
// flows). Plain functions, so the hook stays thin and tests drive the same code.
import {
  listQuickMessages,
  observeQuickMessages,
  type QuickMessage,
  type QuickMessagesList,
  quickMessagesDocumentName,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import type * as Y from "yjs";
import {
  connectDoc,
  type DocConnection,
  type DocConnectionOptions,
  type LocalDoc,
  openLocalDoc,
} from "../sync/co-edited-doc.ts";

// The quick-messages screens and the kanban board import these from here, as before the connection was shared.
export { type ConnectionState, defaultSyncUrl, INITIAL_CONNECTION } from "../sync/co-edited-doc.ts";

export type LocalQuickMessages = LocalDoc;

/** Opens this device's copy of a list; every edit to `doc` is kept in IndexedDB from now on. */
export function openLocalQuickMessages(companyId: number, list?: QuickMessagesList): LocalQuickMessages {
  return openLocalDoc(quickMessagesDocumentName(companyId, list));
}

export type QuickMessagesConnectionOptions = Omit<DocConnectionOptions, "name"> & {
  companyId: number;
  /** Which list; the company's general one when absent. */
  list?: QuickMessagesList;
  /** Another co-edited document to connect instead (the kanban board), with the same token and state handling. */
  documentName?: string;
};

/** Connects `doc` to the sync server; `onState` hears every change of the connection. */
export function connectQuickMessages(doc: Y.Doc, o: QuickMessagesConnectionOptions): DocConnection {
  return connectDoc(doc, { ...o, name: o.documentName ?? quickMessagesDocumentName(o.companyId, o.list) });
}

/** The current list, and a subscription that hands over each new one. */
export function watchQuickMessages(doc: Y.Doc, onList: (items: QuickMessage[]) => void): () => void {
  onList(listQuickMessages(doc));
  return observeQuickMessages(doc, () => onList(listQuickMessages(doc)));
}
