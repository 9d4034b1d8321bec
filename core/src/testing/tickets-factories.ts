// Builders for the ticket-transition tests: a company with an admin and agents
// signed in once per file, and small helpers to shape users, settings and rows.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import type { CompanySettingKey } from "../settings/company-settings.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "./factories.ts";
import { settingForTest } from "./flags.ts";
import type { TestCore } from "./test-core.ts";
import { changeCount } from "./users-factories.ts";

export type UserFlags = Partial<{
  allTicket: "enabled" | "disabled";
  allowGroup: boolean;
  allUserChat: "enabled" | "disabled";
  allHistoric: "enabled" | "disabled";
  userClosePendingTicket: "enabled" | "disabled";
  showDashboard: "enabled" | "disabled";
  farewellMessage: string | null;
  name: string;
}>;

const COLUMNS: Record<keyof UserFlags, string> = {
  allTicket: "all_ticket",
  allowGroup: "allow_group",
  allUserChat: "all_user_chat",
  allHistoric: "all_historic",
  userClosePendingTicket: "user_close_pending_ticket",
  showDashboard: "show_dashboard",
  farewellMessage: "farewell_message",
  name: "name",
};

/** Sets permission flags (or name, farewell) of a user; core reads them on the next request. */
export async function setUserFlags(pool: pg.Pool, userId: number, flags: UserFlags): Promise<void> {
  const entries = Object.entries(flags) as [keyof UserFlags, unknown][];
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 2}`).join(", ");
  await pool.query(`UPDATE users SET ${sets} WHERE id = $1`, [userId, ...entries.map(([, v]) => v)]);
}

export async function joinQueue(pool: pg.Pool, companyId: number, userId: number, queueId: number): Promise<void> {
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
    userId,
    queueId,
    companyId,
  ]);
}

export type SignedIn = { id: number; token: string; name: string };

async function signedInUser(
  core: TestCore,
  companyId: number,
  profile: "admin" | "user",
  name: string,
): Promise<SignedIn> {
  const u = await buildUser(core.db.pool, { companyId, profile, name });
  const session = await core.login(u.email, u.password);
  return { id: u.id, token: session.token, name };
}

/**
 * A company with two queues (sales, support), a WhatsApp (Baileys) connection,
 * an admin and two agents in sales, all signed in. Each test makes its own
 * contacts and tickets in it.
 */
export async function buildTicketWorld(core: TestCore) {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const sales = await buildQueue(pool, { companyId: company.id, name: `Sales ${company.id}` });
  const support = await buildQueue(pool, { companyId: company.id, name: `Support ${company.id}` });
  const wa = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp" });
  const admin = await signedInUser(core, company.id, "admin", "Ana Admin");
  const agent = await signedInUser(core, company.id, "user", "Bruno Agent");
  const other = await signedInUser(core, company.id, "user", "Carla Agent");
  for (const u of [agent, other]) await joinQueue(pool, company.id, u.id, sales.id);
  return {
    pool,
    company,
    sales,
    support,
    wa,
    admin,
    agent,
    other,
    async contact(o: { name?: string; isGroup?: boolean; active?: boolean } = {}) {
      const c = await buildContact(pool, { companyId: company.id, name: o.name ?? "Maria Souza" });
      if (o.isGroup || o.active === false) {
        await pool.query("UPDATE contacts SET is_group = $2, active = $3 WHERE id = $1", [
          c.id,
          o.isGroup ?? false,
          o.active ?? true,
        ]);
      }
      return c;
    },
    /** A ticket of a new contact on the connection; pending in sales unless told otherwise. */
    async ticket(
      o: {
        status?: string;
        userId?: number | null;
        queueId?: number | null;
        isGroup?: boolean;
        unread?: number;
        contactName?: string;
      } = {},
    ) {
      const contact = await this.contact({ name: o.contactName, isGroup: o.isGroup });
      const t = await buildTicket(pool, {
        companyId: company.id,
        contactId: contact.id,
        whatsappId: wa.id,
        status: o.status ?? "pending",
        userId: o.userId ?? null,
        queueId: o.queueId === undefined ? sales.id : o.queueId,
      });
      await pool.query("UPDATE tickets SET channel = 'whatsapp', is_group = $2, unread_messages = $3 WHERE id = $1", [
        t.id,
        o.isGroup ?? false,
        o.unread ?? 0,
      ]);
      return { ...t, contactId: contact.id };
    },
    /** Sets a company setting for the running test only (flags.ts puts the old value back after it). */
    setting(key: CompanySettingKey, value: string) {
      return settingForTest(pool, company.id, key, value);
    },
  };
}
export type TicketWorld = Awaited<ReturnType<typeof buildTicketWorld>>;

/** The ticket's row as the tests check it. */
export async function ticketRow(pool: pg.Pool, id: number) {
  const { rows } = await pool.query<{
    status: string;
    user_id: number | null;
    queue_id: number | null;
    unread_messages: number;
    amount_used_bot_queues: number;
    amount_used_bot_queues_nps: number;
    is_transfered: boolean;
    msg_transfer: string | null;
    closed_at: Date | null;
    company_id: number;
    contact_id: number;
  }>(
    `SELECT status, user_id, queue_id, unread_messages, amount_used_bot_queues, amount_used_bot_queues_nps,
       is_transfered, msg_transfer, closed_at, company_id, contact_id FROM tickets WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The ticket log's types, oldest first. */
export async function logTypes(pool: pg.Pool, ticketId: number): Promise<string[]> {
  const { rows } = await pool.query<{ type: string }>("SELECT type FROM ticket_logs WHERE ticket_id = $1 ORDER BY id", [
    ticketId,
  ]);
  return rows.map((r) => r.type);
}

/** Messages core queued or wrote on the ticket, oldest first. */
export async function outbound(pool: pg.Pool, ticketId: number) {
  const { rows } = await pool.query<{ body: string; send_state: string | null; is_private: boolean; from_me: boolean }>(
    "SELECT body, send_state, is_private, from_me FROM messages WHERE ticket_id = $1 AND from_me ORDER BY created_at, id",
    [ticketId],
  );
  return rows;
}

/** Change-log entries of the ticket in its company (how PWAs learn of the change). */
export async function ticketChanges(pool: pg.Pool, companyId: number, ticketId: number): Promise<number> {
  return changeCount(pool, companyId, "tickets", ticketId);
}

/** The contact answers on the ticket's connection, through the same ingest as a webhook. */
export async function contactSays(w: TicketWorld, ticketId: number, body: string): Promise<void> {
  const { rows } = await w.pool.query<{ number: string }>(
    "SELECT c.number FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = $1",
    [ticketId],
  );
  await transaction(w.pool, (client) =>
    ingest(client, [
      {
        kind: "message",
        companyId: w.company.id,
        whatsappId: w.wa.id,
        channel: "whatsapp",
        remoteId: `wamid.${randomUUID()}`,
        from: rows[0]!.number,
        body,
        mediaType: "chat",
        timestamp: new Date(),
      },
    ]),
  );
}
