// Builders for the ticket list's tests: agents with permissions and queues,
// many tickets at once, and tags and ratings put on tickets (the tags themselves
// come from buildTag in contacts-factories.ts).
import type pg from "pg";
import { buildCompany, buildQueue, buildUser } from "./factories.ts";

export type Grants = {
  queueIds?: number[];
  allTicket?: boolean;
  allowGroup?: boolean;
  allHistoric?: boolean;
  allUserChat?: boolean;
};

const onOff = (v: boolean | undefined) => (v ? "enabled" : "disabled");

/** A user of profile `user` with the given permissions and queues. */
export async function buildAgent(pool: pg.Pool, o: { companyId: number; name?: string } & Grants) {
  const user = await buildUser(pool, { companyId: o.companyId, profile: "user", name: o.name ?? "Agent" });
  await grant(pool, user.id, o.companyId, o);
  return user;
}

/** Sets a user's permission flags and replaces their queues. */
export async function grant(pool: pg.Pool, userId: number, companyId: number, g: Grants): Promise<void> {
  await pool.query(
    `UPDATE users SET all_ticket = $2, allow_group = $3, all_historic = $4, all_user_chat = $5 WHERE id = $1`,
    [userId, onOff(g.allTicket), g.allowGroup ?? false, onOff(g.allHistoric), onOff(g.allUserChat)],
  );
  await pool.query("DELETE FROM user_queues WHERE user_id = $1", [userId]);
  await pool.query(
    "INSERT INTO user_queues (user_id, queue_id, company_id) SELECT $1, q, $2 FROM unnest($3::int[]) AS q",
    [userId, companyId, g.queueIds ?? []],
  );
}

export type SeedTicket = {
  status?: string;
  queueId?: number | null;
  userId?: number | null;
  whatsappId?: number | null;
  isGroup?: boolean;
  unreadMessages?: number;
  /** Seconds before now; the list orders by it. */
  ageSeconds?: number;
  createdAt?: string;
  contactName?: string;
  lastMessage?: string;
};

/** Inserts tickets in one statement, each with a contact of its own; answers their ids in order. */
export async function seedTickets(pool: pg.Pool, companyId: number, tickets: SeedTicket[]): Promise<number[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const contacts = await pool.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, number, is_group)
     SELECT $1, n, $2 || '-' || ord, g FROM unnest($3::text[], $4::boolean[]) WITH ORDINALITY AS i(n, g, ord)
     ORDER BY ord RETURNING id`,
    [
      companyId,
      `55${tag}`,
      tickets.map((t, i) => t.contactName ?? `Contact ${i}`),
      tickets.map((t) => t.isGroup ?? false),
    ],
  );
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO tickets (company_id, contact_id, status, queue_id, user_id, whatsapp_id, is_group, unread_messages,
       last_message, channel, created_at, updated_at)
     SELECT $1, c, s, q, u, w, g, un, lm, 'whatsapp', COALESCE(ca, now() - make_interval(secs => age)),
       now() - make_interval(secs => age)
     FROM unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::boolean[], $8::int[], $9::text[],
       $10::float8[], $11::timestamptz[]) WITH ORDINALITY AS i(c, s, q, u, w, g, un, lm, age, ca, ord)
     ORDER BY ord RETURNING id`,
    [
      companyId,
      contacts.rows.map((r) => r.id),
      tickets.map((t) => t.status ?? "pending"),
      tickets.map((t) => t.queueId ?? null),
      tickets.map((t) => t.userId ?? null),
      tickets.map((t) => t.whatsappId ?? null),
      tickets.map((t) => t.isGroup ?? false),
      tickets.map((t) => t.unreadMessages ?? 0),
      tickets.map((t) => t.lastMessage ?? ""),
      tickets.map((t, i) => t.ageSeconds ?? i),
      tickets.map((t) => t.createdAt ?? null),
    ],
  );
  return rows.map((r) => r.id);
}

export async function tagTicket(pool: pg.Pool, companyId: number, ticketId: number, tagId: number): Promise<void> {
  await pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)", [
    ticketId,
    tagId,
    companyId,
  ]);
}

export async function rateTicket(
  pool: pg.Pool,
  o: { companyId: number; ticketId: number; rate: number; secondsAgo?: number },
): Promise<void> {
  await pool.query(
    `INSERT INTO user_ratings (company_id, ticket_id, rate, created_at)
     VALUES ($1, $2, $3, now() - make_interval(secs => $4))`,
    [o.companyId, o.ticketId, o.rate, o.secondsAgo ?? 0],
  );
}

/**
 * Every kind of ticket a visibility rule must tell apart, not yet seeded: each of `statuses`, in my queue, another
 * queue or none, mine, another user's or nobody's, in a group or not; `me` and `other` are plain users.
 */
export async function visibilityCases(pool: pg.Pool, statuses: readonly string[]) {
  const company = await buildCompany(pool);
  const mine = await buildQueue(pool, { companyId: company.id });
  const theirs = await buildQueue(pool, { companyId: company.id });
  const me = await buildUser(pool, { companyId: company.id, profile: "user" });
  const other = await buildUser(pool, { companyId: company.id, profile: "user" });
  const cases: SeedTicket[] = [];
  for (const status of statuses)
    for (const queueId of [mine.id, theirs.id, null])
      for (const userId of [me.id, other.id, null])
        for (const isGroup of [false, true]) cases.push({ status, queueId, userId, isGroup });
  return { company, mine, theirs, me, other, cases };
}

/** A company with the queues sales and support, and two agents (`agent`, `colleague`) who work in sales only. */
export async function salesAndSupport(pool: pg.Pool) {
  const company = await buildCompany(pool);
  const sales = await buildQueue(pool, { companyId: company.id });
  const support = await buildQueue(pool, { companyId: company.id });
  const agent = await buildAgent(pool, { companyId: company.id, queueIds: [sales.id] });
  const colleague = await buildAgent(pool, { companyId: company.id, queueIds: [sales.id] });
  return { company, sales, support, agent, colleague };
}
