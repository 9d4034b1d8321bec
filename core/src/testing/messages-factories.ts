// Builders for the messages domain's tests: a message row, and a small inbox
// (company, admin, agent, connection, contact, open ticket) with signed-in users.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "./factories.ts";
import type { TestCore } from "./test-core.ts";

export async function buildMessage(
  pool: pg.Pool,
  o: {
    /** The message's id; a new UUIDv7 when absent. */
    id?: string;
    companyId: number;
    ticketId: number;
    body?: string;
    fromMe?: boolean;
    userId?: number | null;
    queueId?: number | null;
    contactId?: number | null;
    isPrivate?: boolean;
    sendState?: string | null;
    quotedMsgId?: string | null;
    /** Minutes before now the message was stored. */
    minutesAgo?: number;
    createdAt?: Date;
  },
): Promise<{ id: string }> {
  const id = o.id ?? uuidv7();
  const createdAt = o.createdAt ?? new Date(Date.now() - (o.minutesAgo ?? 0) * 60_000);
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, body, from_me, user_id, queue_id, contact_id, is_private,
       send_state, quoted_msg_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [
      id,
      o.companyId,
      o.ticketId,
      o.body ?? "hello",
      o.fromMe ?? false,
      o.userId ?? null,
      o.queueId ?? null,
      o.contactId ?? null,
      o.isPrivate ?? false,
      o.sendState ?? null,
      o.quotedMsgId ?? null,
      createdAt,
    ],
  );
  return { id };
}

/**
 * The smallest inbox: a company whose admin, signed in, attends one open ticket on a WhatsApp connection by QR code
 * (no 24-hour window, customer-window.ts: replies need no inbound message first).
 */
export async function buildAttendedTicket(core: TestCore) {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
  const wa = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp" });
  // Attended by the admin: a reply goes out only on a ticket someone attends (decision 0033).
  const ticket = await inboxTicket(core, { company, wa, admin });
  const contact = { id: ticket.contactId };
  const session = await core.login(admin.email, admin.password);
  return { company, admin, wa, contact, ticket, session, token: session.token };
}

export type Inbox = Awaited<ReturnType<typeof buildInbox>>;

/** A company with an admin and an agent (in one queue), a connection, a contact and an open ticket of the admin. */
export async function buildInbox(core: TestCore) {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin", name: "Ana Admin" });
  const agent = await buildUser(pool, { companyId: company.id, profile: "user", name: "Rui Agent" });
  const queue = await buildQueue(pool, { companyId: company.id, name: "Sales" });
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
    agent.id,
    queue.id,
    company.id,
  ]);
  // WhatsApp by QR code: no 24-hour window (customer-window.ts), so the ticket takes replies without an inbound
  // message first; the window has its own tests (customer-window.test.ts).
  const wa = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp" });
  const contact = await buildContact(pool, { companyId: company.id, name: "Carla Contact" });
  const ticket = await buildTicket(pool, {
    companyId: company.id,
    contactId: contact.id,
    whatsappId: wa.id,
    status: "open",
    userId: admin.id,
    queueId: queue.id,
  });
  const adminToken = (await core.login(admin.email, admin.password)).token;
  const agentToken = (await core.login(agent.email, agent.password)).token;
  return { company, admin, agent, queue, wa, contact, ticket, adminToken, agentToken };
}

/** A fresh open ticket of the inbox's admin, with a new contact, so that each test reads only its own messages. */
export async function inboxTicket(core: TestCore, inbox: Pick<Inbox, "company" | "wa" | "admin">) {
  const contact = await buildContact(core.db.pool, { companyId: inbox.company.id });
  const ticket = await buildTicket(core.db.pool, {
    companyId: inbox.company.id,
    contactId: contact.id,
    whatsappId: inbox.wa.id,
    status: "open",
    userId: inbox.admin.id,
  });
  return { ...ticket, contactId: contact.id };
}
