// What the message variables speak of, read from the replica (so they fill offline too).

import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { VariableContext } from "@chatflow/core/contract/message-variables.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../app-db.ts";

export function useVariableContext(ticket: TicketDTO, userName: string | null): VariableContext {
  // One chain of Dexie promises: a native Promise.all would lose the live query's zone (use-contacts-list.ts).
  const names = useLiveQuery(
    () =>
      Dexie.Promise.all([
        db.contacts.get(ticket.contactId),
        ticket.queueId === null ? Dexie.Promise.resolve(undefined) : db.queues.get(ticket.queueId),
        ticket.whatsappId === null ? Dexie.Promise.resolve(undefined) : db.whatsapps.get(ticket.whatsappId),
      ]).then(([contact, queue, connection]) => ({
        contact: contact?.name ?? null,
        queue: queue?.name ?? null,
        connection: connection?.name ?? null,
      })),
    [ticket.contactId, ticket.queueId, ticket.whatsappId],
  );
  return {
    contact: { name: names?.contact ?? null },
    user: { name: userName },
    ticket: { id: ticket.id, createdAt: ticket.createdAt },
    queue: names?.queue ? { name: names.queue } : null,
    connection: names?.connection ? { name: names.connection } : null,
  };
}
