// How an agent's close of one ticket ends, whichever way it closed (resolve, ignore, a lgpd ticket resolved): the
// "closed" log entry names the agent and the ticket's queue, and the clients hear of the ticket.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { writeTicketLog } from "./ticket-log.ts";

export async function recordClosedByAgent(
  client: pg.ClientBase,
  actor: Actor,
  ticket: { id: number; queueId: number | null },
): Promise<void> {
  await writeTicketLog(client, {
    companyId: actor.companyId,
    ticketId: ticket.id,
    type: "closed",
    userId: actor.id,
    queueId: ticket.queueId,
  });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "tickets", id: ticket.id }]);
}
