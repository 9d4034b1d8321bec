// The contacts the send-contact dialog offers: the replica's (offline too: the contacts of the
// replicated tickets and those seen online before), and core's search when online from 3 typed
// characters (spec 1 §5, §9: debounced 500 ms), merged by id. Groups and
// Facebook/Instagram contacts have no phone number to put on a card and are left out by default; a caller that
// looks for any contact (the reports' contact filter) passes `accept: anyContact`.
import type { ListContactsResponse } from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import type { ApiClient } from "../../api/http.ts";
import { compareRows, matchesSearch } from "../../contacts/contact-list.ts";
import { cacheContactPage } from "../../contacts/contact-writes.ts";
import type { ChatflowDb } from "../../store/db.ts";

export type ContactOption = Pick<ContactDTO, "id" | "name" | "number" | "urlPicture" | "isGroup">;

/** Server search starts at this many characters (spec 1 §2 New ticket, §9). */
export const SERVER_SEARCH_MIN = 3;
export const SEARCH_DEBOUNCE_MS = 500;
/** Rows offered at once; typing narrows them. */
export const OPTIONS_LIMIT = 50;

type Candidate = Pick<ContactDTO, "id" | "name" | "number" | "email" | "urlPicture" | "isGroup" | "channel">;
/** Which contacts a search offers. */
export type ContactAccept = (c: Candidate) => boolean;

/** A contact whose card can be sent: a WhatsApp person (the default). */
export const cardable: ContactAccept = (c) => !c.isGroup && (c.channel === "whatsapp" || c.channel === "whatsappapi");
/** Any contact: groups and every channel's (a ticket may belong to any of them). */
export const anyContact: ContactAccept = () => true;

/** The replica's and the server's matches, by name then id, each contact once. */
export function mergeOptions(
  search: string,
  replica: Candidate[],
  server: Candidate[],
  accept: ContactAccept = cardable,
): ContactOption[] {
  const byId = new Map<number, Candidate>();
  for (const c of server) if (accept(c)) byId.set(c.id, c);
  for (const c of replica) if (accept(c) && !byId.has(c.id) && matchesSearch(c, search)) byId.set(c.id, c);
  return [...byId.values()]
    .sort(compareRows)
    .slice(0, OPTIONS_LIMIT)
    .map(({ id, name, number, urlPicture, isGroup }) => ({ id, name, number, urlPicture, isGroup }));
}

export function useContactOptions(
  db: ChatflowDb,
  api: ApiClient,
  search: string,
  online: boolean,
  accept: ContactAccept = cardable,
): { options: ContactOption[]; searching: boolean } {
  const replica = useLiveQuery(() => db.contacts.toArray(), [db]);
  const [server, setServer] = useState<{ query: string; rows: Candidate[] } | null>(null);
  const query = search.trim().toLowerCase();
  const wantsServer = online && query.length >= SERVER_SEARCH_MIN;

  useEffect(() => {
    if (!wantsServer) return;
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const res = await api.get<ListContactsResponse>(`/contacts?searchParam=${encodeURIComponent(query)}`);
        // Kept on the device like the contacts screen's pages: found once online, offered offline too.
        await cacheContactPage(db, res.contacts);
        if (live) setServer({ query, rows: res.contacts });
      } catch {
        // The replica's matches stay; the sync status tells the person about the network.
        if (live) setServer({ query, rows: [] });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, db, query, wantsServer]);

  const serverRows = wantsServer && server?.query === query ? server.rows : [];
  const options = useMemo(
    () => mergeOptions(query, replica ?? [], serverRows, accept),
    [query, replica, serverRows, accept],
  );
  return { options, searching: wantsServer && server?.query !== query };
}
