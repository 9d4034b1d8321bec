// The contacts area's data (issue 20: screens call hooks; this file owns the paths and tables). Contacts are
// replicated: every write goes through the outbox (createContact, updateContact, blockContact, deleteContact,
// syncContactTags, createTicket) and works offline; core's pages (GET /contacts) complete the replica when
// online, and a contact's extra information and tags (GET /contacts/{id}) live only in core.
import type {
  ContactDetailDTO,
  ListContactsResponse,
  TCreateContactRequest,
} from "@chatflow/core/contract/contacts.ts";
import type { Channel, ContactDTO, WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback } from "react";
import { fetchFile } from "../api/download-file.ts";
import { uploadWithProgress } from "../api/upload-progress.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api, tokens } from "../app-services.ts";
import { requestSync } from "../sync/app-sync.ts";
import type { ContactFilter } from "./contact-list.ts";
import {
  type ContactEdit,
  queueBlockContact,
  queueCreateContact,
  queueDeleteContact,
  queueSyncContactTags,
  queueUpdateContact,
} from "./contact-writes.ts";
import type { ImportDeps, ImportJob } from "./import-job.ts";
import { type StartTicketArgs, startTicket } from "./start-ticket.ts";
import { contactsQuery, useContactsList } from "./use-contacts-list.ts";

/** The contacts screen's rows for a filter: the replica merged with core's pages when online. */
export function useContacts(filter: ContactFilter, online: boolean) {
  return useContactsList(db, api, filter, online);
}

/** One contact of the replica; null for no id or none found, undefined while reading. */
export function useReplicaContact(id: number | null): ContactDTO | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.contacts.get(id)) ?? null)), [id]);
}

/** Every contact of the replica, [] until the store opens. */
export function useReplicaContactsById(): ContactDTO[] {
  return useLiveQuery(() => db.contacts.orderBy("id").toArray(), [], [] as ContactDTO[]);
}

/** A contact as core has it, with its extra information and tags (GET /contacts/{id}), while online. */
export function useContactDetail(id: number | null, online: boolean) {
  return useRestQuery<ContactDetailDTO>(id !== null && online ? `/contacts/${id}` : null);
}

export function useCreateContact() {
  return useCallback((input: TCreateContactRequest) => queueCreateContact(db, input), []);
}

export function useUpdateContact() {
  return useCallback((contact: ContactDTO, edit: ContactEdit) => queueUpdateContact(db, contact, edit), []);
}

export function useSyncContactTags() {
  return useCallback((contactId: number, tagIds: number[]) => queueSyncContactTags(db, contactId, tagIds), []);
}

// The writes below only queue: the screen asks for one push once its writes are queued (requestSync).

export function useBlockContact() {
  return useCallback((contact: ContactDTO, active: boolean) => queueBlockContact(db, contact, active), []);
}

export function useDeleteContact() {
  return useCallback((contact: ContactDTO) => queueDeleteContact(db, contact), []);
}

/** Opens a ticket for a contact through the outbox (createTicket), waiting for core's answer when online. */
export function useStartTicket() {
  return useCallback(
    (args: StartTicketArgs, online: boolean) => startTicket(db, args, { online, sync: requestSync }),
    [],
  );
}

/** The renewal the file transfers use when the access token expired: any authenticated call refreshes it. */
const renew = () => api.get("/auth/me");

/** The CSV of the contacts matching a filter (GET /contacts/export). */
export function exportContactsCsv(filter: ContactFilter): Promise<Blob> {
  const query = contactsQuery(filter);
  return fetchFile(
    { baseUrl: window.location.origin, getToken: () => tokens.get(), renew },
    `/contacts/export${query ? `?${query}` : ""}`,
  );
}

/** How the import screen previews a spreadsheet, sends it (POST /contacts/upload) and follows its job. */
export function contactImportDeps(signal: AbortSignal): ImportDeps {
  return {
    upload: (form, onProgress) =>
      uploadWithProgress({
        url: `${window.location.origin}/contacts/upload`,
        form: () => form,
        getToken: () => tokens.get(),
        renew,
        onProgress,
      }),
    job: (id) => api.get<ImportJob>(`/contacts/upload/${id}`),
    preview: (form, onProgress) =>
      uploadWithProgress({
        url: `${window.location.origin}/contacts/upload/preview`,
        form: () => form,
        getToken: () => tokens.get(),
        renew,
        onProgress,
      }),
    signal,
  };
}

/** How the import from the phone starts (POST /contacts/import, decision 0112) and follows its job. */
export function phoneImportDeps(signal: AbortSignal) {
  return {
    start: (whatsappId: number) => api.post<unknown>("/contacts/import", { whatsappId }),
    job: (id: number) => api.get<ImportJob>(`/contacts/upload/${id}`),
    signal,
  };
}

/** The connections whose phone's contacts can be imported: WhatsApp by QR code, connected (the replica's). */
export function usePhoneConnections(): WhatsappDTO[] {
  const all = useLiveQuery(() => db.whatsapps.toArray(), [], [] as WhatsappDTO[]);
  return all
    .filter((w) => w.channel === "whatsapp" && w.status === "CONNECTED")
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Spec 1 §2: contact lookups need 3 or more characters. */
export const CONTACT_SEARCH_MIN = 3;
const SEARCH_LIMIT = 20;

export type TicketContactOption = { id: number; name: string; number: string; channel: Channel | null };

/** Contacts whose name or number holds `text`: core's when online, else the replica's. */
export async function findContacts(text: string, online: boolean): Promise<TicketContactOption[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < CONTACT_SEARCH_MIN) return [];
  if (online) {
    try {
      const res = await api.get<ListContactsResponse>(`/contacts?searchParam=${encodeURIComponent(needle)}`);
      return res.contacts.map((c) => ({ id: c.id, name: c.name, number: c.number, channel: c.channel }));
    } catch {
      // Unreachable after all: the replica still answers.
    }
  }
  const found = await db.contacts
    .filter((c) => c.active && (c.name.toLowerCase().includes(needle) || c.number.includes(needle)))
    .limit(SEARCH_LIMIT)
    .toArray();
  return found.map((c) => ({ id: c.id, name: c.name, number: c.number, channel: c.channel }));
}
