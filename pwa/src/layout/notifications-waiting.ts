// The conversations waiting for an agent (pending) that the replica holds: the replica holds only what the person
// may see, so these are the ones in their queues (and, for admins, the company's). Read for the new-ticket toast.
import type { ContactDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";

export type WaitingRow = { ticket: TicketDTO; contact: ContactDTO | undefined };

/** A chain of Dexie promises (no native await): a live query reads it. */
export function loadWaitingRows(db: ChatflowDb): Promise<WaitingRow[]> {
  return db.tickets
    .where("[status+updatedAt]")
    .between(["pending", Dexie.minKey], ["pending", Dexie.maxKey], true, true)
    .toArray()
    .then((tickets) =>
      db.contacts
        .bulkGet(tickets.map((t) => t.contactId))
        .then((contacts) => tickets.map((ticket, i) => ({ ticket, contact: contacts[i] }))),
    );
}
