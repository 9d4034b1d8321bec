// The 24-hour customer-service window of Meta's channels (WhatsApp Cloud API, Messenger, Instagram; spec 1 §2
// "Você tem 24h para responder..."): a free-form message may reach the contact only within 24 hours of their
// latest message on that connection; past it only an approved template may (Cloud API). Core refuses such a send
// with ERR_OUTSIDE_MESSAGING_WINDOW instead of queueing a message Meta would refuse (decision 0053). One rule, keyed on
// the channel of the ticket's connection; WhatsApp through Baileys has no window.
import type pg from "pg";
import { CUSTOMER_WINDOW_MS, windowBound } from "../contract/customer-window.ts";
import type { Channel } from "../contract/entities.ts";
import { AppError } from "../kernel/errors.ts";

/** Message types that may go out past the window, per channel: Cloud API approved templates. */
const OUTSIDE_WINDOW_TYPES: Partial<Record<Channel, ReadonlySet<string>>> = {
  whatsappapi: new Set(["template"]),
};

export const outsideCustomerWindow = (channel: Channel) =>
  new AppError(
    "ERR_OUTSIDE_MESSAGING_WINDOW",
    channel === "whatsappapi"
      ? "The contact has not written in 24 hours: only an approved template may be sent"
      : "The contact has not written in 24 hours: no message may be sent until they write again",
    { data: { channel } },
  );

export type CustomerWindow = {
  channel: Channel;
  /** False for channels without a window. */
  bound: boolean;
  /** When the contact last wrote on the connection (any of their tickets on it), or null. */
  lastInboundAt: Date | null;
  open: boolean;
};

/** The window of a ticket's contact on the ticket's connection, by the database clock. */
export async function customerWindow(
  client: pg.ClientBase,
  companyId: number,
  ticket: { contactId: number; whatsappId: number | null },
): Promise<CustomerWindow | null> {
  if (ticket.whatsappId === null) return null;
  const { rows } = await client.query<{ channel: Channel; last: Date | null; open: boolean }>(
    `SELECT w.channel, last.at AS last, COALESCE(last.at > now() - $4 * interval '1 millisecond', false) AS open
     FROM whatsapps w
     LEFT JOIN LATERAL (
       SELECT max(m.created_at) AS at FROM tickets t
       CROSS JOIN LATERAL (
         SELECT m.created_at FROM messages m
         WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND m.from_me = false
         ORDER BY m.created_at DESC LIMIT 1
       ) m
       WHERE t.company_id = w.company_id AND t.contact_id = $3 AND t.whatsapp_id = w.id
     ) last ON true
     WHERE w.id = $1 AND w.company_id = $2`,
    [ticket.whatsappId, companyId, ticket.contactId, CUSTOMER_WINDOW_MS],
  );
  const row = rows[0];
  if (!row) return null;
  const bound = windowBound(row.channel);
  return { channel: row.channel, bound, lastInboundAt: row.last, open: !bound || row.open };
}

/** Throws ERR_OUTSIDE_MESSAGING_WINDOW when a message of `mediaType` may not reach the ticket's contact now. */
export async function assertCustomerWindow(
  client: pg.ClientBase,
  companyId: number,
  ticket: { contactId: number; whatsappId: number | null },
  mediaType: string,
): Promise<void> {
  const window = await customerWindow(client, companyId, ticket);
  if (!window || window.open) return;
  if (OUTSIDE_WINDOW_TYPES[window.channel]?.has(mediaType)) return;
  throw outsideCustomerWindow(window.channel);
}

/** Templates are a Cloud API message type: refused on any other channel, window or not. */
export function templateAllowed(channel: Channel): boolean {
  return channel === "whatsappapi";
}

/**
 * For what the company sends on its own timer (a schedule, a kanban lane's greeting, a campaign; decision 0116):
 * the code that refuses a message of `mediaType` to the contact on that connection now, or null when it may go.
 * The caller stores the message failed with this code instead of queueing what Meta would refuse (131047).
 */
export async function customerWindowRefusal(
  client: pg.ClientBase,
  companyId: number,
  to: { contactId: number; whatsappId: number },
  mediaType: string,
): Promise<"ERR_OUTSIDE_MESSAGING_WINDOW" | null> {
  const window = await customerWindow(client, companyId, to);
  if (!window || window.open) return null;
  if (OUTSIDE_WINDOW_TYPES[window.channel]?.has(mediaType)) return null;
  return "ERR_OUTSIDE_MESSAGING_WINDOW";
}
