// Starting a ticket with a contact from the contacts screen (spec 1 §2: a ticket per
// channel): a createTicket push mutation, so it works offline. Online, it waits for core's
// answer: the new ticket arrives with the pull (then the screen opens it), or core refuses,
// e.g. 409 ERR_OTHER_OPEN_TICKET naming who holds the contact's open ticket (spec 1 §4).
import type { Channel, TicketDTO, WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { ChatflowDb } from "../store/db.ts";
import { refusalsSince } from "../sync/refusal-store.ts";

export type StartTicketArgs = { contactId: number; whatsappId: number; queueId: number };

export type StartTicketOutcome =
  /** Offline: it waits in the outbox and goes when the connection is back. */
  | { kind: "queued" }
  /** Core made the ticket and the replica has it. */
  | { kind: "opened"; ticket: TicketDTO }
  /** Core refused; `error.data` names the holder for ERR_OTHER_OPEN_TICKET. */
  | { kind: "refused"; error: ErrorBody }
  /** No answer within the wait (slow network): it stays queued and the list will show it. */
  | { kind: "waiting" };

/** The connections a contact of `channel` may be reached on: WhatsApp contacts on either WhatsApp kind. */
export function connectionsFor(channel: Channel | null, whatsapps: WhatsappDTO[]): WhatsappDTO[] {
  if (channel === null) return [];
  const family = (c: Channel) => (c === "whatsappapi" ? "whatsapp" : c);
  return whatsapps.filter((w) => family(w.channel) === family(channel));
}

const IN_PROGRESS = new Set(["open", "pending", "group"]);

export async function startTicket(
  db: ChatflowDb,
  args: StartTicketArgs,
  opts: { online: boolean; sync: () => void; timeoutMs?: number; pollMs?: number },
): Promise<StartTicketOutcome> {
  const since = new Date().toISOString();
  const entryId = await db.outbox.add({ name: "createTicket", args: { ...args, status: "open" }, queuedAt: since });
  if (!opts.online) return { kind: "queued" };
  opts.sync();
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (!(await db.outbox.get(entryId))) {
      const refusal = (await refusalsSince(db, "createTicket", since)).find((r) => {
        const a = r.args as StartTicketArgs;
        return a.contactId === args.contactId && a.whatsappId === args.whatsappId;
      });
      if (refusal) return { kind: "refused", error: refusal.error };
      const ticket = await db.tickets
        .where("contactId")
        .equals(args.contactId)
        .filter((t) => t.whatsappId === args.whatsappId && IN_PROGRESS.has(t.status))
        .first();
      if (ticket) return { kind: "opened", ticket };
    }
    await new Promise((resolve) => setTimeout(resolve, opts.pollMs ?? 100));
  }
  return { kind: "waiting" };
}
