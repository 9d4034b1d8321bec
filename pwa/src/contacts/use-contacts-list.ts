// The contacts screen's rows: the replica (live, with this device's waiting changes and
// new contacts) merged with core's pages when online (contact-list.ts).
import type { ContactDetailDTO, ListContactsResponse } from "@chatflow/core/contract/contacts.ts";
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useRef } from "react";
import type { ApiClient } from "../api/http.ts";
import { type Paged, usePaged } from "../api/use-paged.ts";
import type { ChatflowDb } from "../store/db.ts";
import { type ContactFilter, type MergedList, mergeContacts } from "./contact-list.ts";
import { cacheContactPage, type LocalContact, type PendingContact, pendingContacts } from "./contact-writes.ts";

/** GET /contacts's query for a filter and page. */
export function contactsQuery(filter: ContactFilter, page?: number): string {
  const q = new URLSearchParams();
  if (page !== undefined) q.set("pageNumber", String(page));
  const search = filter.search.trim().toLowerCase();
  if (search) q.set("searchParam", search);
  if (filter.tagIds.length > 0) q.set("contactTag", JSON.stringify(filter.tagIds));
  return q.toString();
}

/**
 * What the screen reads of the replica, as one chain of Dexie promises. A live query learns what to watch from
 * the reads made in its zone; a native `await` of a non-Dexie promise (an async helper, Promise.all) may resume
 * outside it, and the reads after it are then not watched: the list would not follow them.
 */
export function localContacts(
  db: ChatflowDb,
): Promise<{ replica: LocalContact[]; pending: PendingContact[]; whatsapps: WhatsappDTO[] }> {
  return Dexie.Promise.all([db.contacts.toArray(), pendingContacts(db), db.whatsapps.toArray()]).then(
    ([replica, pending, whatsapps]) => ({ replica: replica as LocalContact[], pending, whatsapps }),
  );
}

export type ContactsList = MergedList & {
  server: Paged<ContactDetailDTO>;
  /** The replica has been read (the first paint can show it). */
  ready: boolean;
};

export function useContactsList(db: ChatflowDb, api: ApiClient, filter: ContactFilter, online: boolean): ContactsList {
  const key = contactsQuery(filter);
  const server = usePaged<ContactDetailDTO>(key, online, async (page) => {
    const res = await api.get<ListContactsResponse>(`/contacts?${contactsQuery(filter, page)}`);
    await cacheContactPage(db, res.contacts);
    return { items: res.contacts, hasMore: res.hasMore, count: res.count };
  });
  const local = useLiveQuery(() => localContacts(db), [db]);

  // A contact deleted elsewhere leaves the replica with the next pull; the pages core sent
  // still hold it, so they are read again.
  const replicaSize = local?.replica.length;
  const previousSize = useRef(replicaSize);
  const { reload } = server;
  useEffect(() => {
    if (replicaSize !== undefined && previousSize.current !== undefined && replicaSize < previousSize.current) reload();
    previousSize.current = replicaSize;
  }, [replicaSize, reload]);

  const { loaded, items, hasMore, count } = server;
  const merged = useMemo(
    () =>
      mergeContacts({
        replica: local?.replica ?? [],
        pending: local?.pending ?? [],
        whatsapps: local?.whatsapps ?? [],
        filter,
        server: online && loaded ? { rows: items, hasMore, count: count ?? 0 } : null,
      }),
    [local, filter, online, loaded, items, hasMore, count],
  );
  return { ...merged, server, ready: local !== undefined };
}
