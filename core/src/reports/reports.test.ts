// The tickets report (spec 3 §2 "Reports", §3 Ticket report row, §7, §9; decision 0072): every filter of the
// screen, days of America/Sao_Paulo, paging with the total, another company's tickets left out, plain users
// limited to the tickets the inbox shows them, LGPD masking, and the query walking the period's index.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { ZTicketReportQuerySchema } from "../contract/reports.ts";
import { hideNumbersForTest } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { joinQueue } from "../testing/tickets-factories.ts";
import { signedIn } from "../testing/users-factories.ts";
import { reportFilterSql } from "./ticket-report.ts";

const core = coreForFile();
/** A moment in America/Sao_Paulo (UTC-3). */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

type Seed = {
  companyId: number;
  contactId: number;
  status: string;
  created: Date;
  closed?: Date;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number | null;
  rate?: number;
  lastMessage?: string;
};

async function seed(pool: pg.Pool, s: Seed): Promise<{ id: number; uuid: string }> {
  const { rows } = await pool.query<{ id: number; uuid: string }>(
    `INSERT INTO tickets (company_id, contact_id, status, user_id, queue_id, whatsapp_id, closed_at, created_at,
       updated_at, last_message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING id, uuid`,
    [
      s.companyId,
      s.contactId,
      s.status,
      s.userId ?? null,
      s.queueId ?? null,
      s.whatsappId ?? null,
      s.closed ?? null,
      s.created,
      s.lastMessage ?? "",
    ],
  );
  if (s.rate !== undefined) {
    await pool.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)", [
      s.companyId,
      rows[0]!.id,
      s.userId ?? null,
      s.rate,
    ]);
  }
  return rows[0]!;
}

const w = forFile(async () => {
  const pool = core.db.pool;
  const a = await buildCompany(pool, { name: "Relatórios A" });
  const b = await buildCompany(pool, { name: "Relatórios B" });
  const admin = await signedIn(core, { companyId: a.id, profile: "admin", name: "Admin" });
  const ana = await signedIn(core, { companyId: a.id, profile: "user", name: "Ana" });
  const bruno = await signedIn(core, { companyId: a.id, profile: "user", name: "Bruno" });
  const otherAdmin = await signedIn(core, { companyId: b.id, profile: "admin" });
  const vendas = await buildQueue(pool, { companyId: a.id, name: "Vendas" });
  const suporte = await buildQueue(pool, { companyId: a.id, name: "Suporte" });
  await joinQueue(pool, a.id, ana.id, vendas.id);
  const wa = await buildWhatsapp(pool, { companyId: a.id });
  await pool.query("UPDATE whatsapps SET name = 'Comercial' WHERE id = $1", [wa.id]);
  const maria = await buildContact(pool, { companyId: a.id, name: "Maria Souza", number: "5511988887777" });
  const unnamed = await buildContact(pool, { companyId: a.id, name: "5521977776666", number: "5521977776666" });
  const theirs = await buildContact(pool, { companyId: b.id, name: "Cliente de B", number: "5531966665555" });
  const T = (s: Omit<Seed, "companyId">) => seed(pool, { companyId: a.id, ...s });
  // March 2026: closed by Ana in Vendas, rated; open with Bruno in Suporte; pending in Vendas; one the evening
  // before March (Feb 28, 22:00 in São Paulo, already March 1 in UTC).
  const closed = await T({
    contactId: maria.id,
    status: "closed",
    created: sp("2026-03-02", "09:00"),
    closed: sp("2026-03-02", "09:30"),
    userId: ana.id,
    queueId: vendas.id,
    whatsappId: wa.id,
    rate: 3,
    lastMessage: "Obrigada!",
  });
  const open = await T({
    contactId: unnamed.id,
    status: "open",
    created: sp("2026-03-03", "10:00"),
    userId: bruno.id,
    queueId: suporte.id,
    whatsappId: wa.id,
  });
  const pending = await T({
    contactId: unnamed.id,
    status: "pending",
    created: sp("2026-03-04", "08:00"),
    queueId: vendas.id,
  });
  const february = await T({
    contactId: maria.id,
    status: "closed",
    created: sp("2026-02-28", "22:00"),
    closed: sp("2026-02-28", "23:00"),
  });
  await seed(pool, { companyId: b.id, contactId: theirs.id, status: "open", created: sp("2026-03-02", "12:00") });
  return { a, admin, ana, otherAdmin, vendas, suporte, wa, maria, unnamed, closed, open, pending, february };
});

const MARCH = "dateFrom=2026-03-01&dateTo=2026-03-31";
const report = (token: string, query: string) => core.api("GET", `/ticketreport/reports?${query}`, { token });
const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id);

describe("#ticketreport.reports", () => {
  it("answers the company's tickets of the period, newest first, with every field of the report row", async () => {
    const res = await report(w.admin.token, MARCH);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([w.pending.id, w.open.id, w.closed.id]);
    expect(res.body.totalTickets).toEqual({ total: 3 });
    expect(res.body.tickets[2]).toEqual({
      id: w.closed.id,
      uuid: w.closed.uuid,
      whatsappName: "Comercial",
      contactName: "Maria Souza",
      userName: "Ana",
      queueName: "Vendas",
      status: "closed",
      lastMessage: "Obrigada!",
      createdAt: sp("2026-03-02", "09:00").toISOString(),
      closedAt: sp("2026-03-02", "09:30").toISOString(),
      supportTime: 1800,
      NPS: 3,
    });
    expect(res.body.tickets[0]).toMatchObject({
      userName: null,
      whatsappName: null,
      closedAt: null,
      supportTime: null,
      NPS: null,
    });
  });

  it("reads days in America/Sao_Paulo: Feb 28 at 22:00 there is February, though March in UTC", async () => {
    const feb = await report(w.admin.token, "dateFrom=2026-02-28&dateTo=2026-02-28");
    expect(ids(feb.body)).toEqual([w.february.id]);
  });

  it("filters by contact, connection, users, queues, status (JSON arrays), search and only rated", async () => {
    const t = w.admin.token;
    const cases: [string, number[]][] = [
      [`contactId=${w.maria.id}`, [w.closed.id]],
      [`whatsappId=${JSON.stringify([w.wa.id])}`, [w.open.id, w.closed.id]],
      [`whatsappId=${w.wa.id}`, [w.open.id, w.closed.id]],
      [`users=${JSON.stringify([w.ana.id])}`, [w.closed.id]],
      [`queueIds=${JSON.stringify([w.vendas.id])}`, [w.pending.id, w.closed.id]],
      [`status=${JSON.stringify(["open", "pending"])}`, [w.pending.id, w.open.id]],
      ["searchParam=souza", [w.closed.id]],
      ["searchParam=977776", [w.pending.id, w.open.id]],
      ["onlyRated=true", [w.closed.id]],
      ["onlyRated=false", [w.pending.id, w.open.id, w.closed.id]],
    ];
    for (const [q, want] of cases) {
      const res = await report(t, `${MARCH}&${q}`);
      expect(ids(res.body), q).toEqual(want);
      expect(res.body.totalTickets.total, q).toBe(want.length);
    }
  });

  it("pages with page and pageSize, the total counting every page", async () => {
    const first = await report(w.admin.token, `${MARCH}&page=1&pageSize=2`);
    const second = await report(w.admin.token, `${MARCH}&page=2&pageSize=2`);
    expect(ids(first.body)).toEqual([w.pending.id, w.open.id]);
    expect(ids(second.body)).toEqual([w.closed.id]);
    expect(second.body.totalTickets.total).toBe(3);
  });

  it("leaves another company's tickets out, whatever ids the query names", async () => {
    const res = await report(w.otherAdmin.token, `${MARCH}&contactId=${w.maria.id}`);
    expect(res.body).toEqual({ tickets: [], totalTickets: { total: 0 } });
    const own = await report(w.otherAdmin.token, MARCH);
    expect(own.body.tickets.map((r: { contactName: string }) => r.contactName)).toEqual(["Cliente de B"]);
  });

  it("shows a plain user only the tickets the inbox shows them, numbers masked under LGPD", async () => {
    // Ana: her own ticket and Vendas' waiting work; not Bruno's ticket in Suporte.
    const res = await report(w.ana.token, MARCH);
    expect(ids(res.body)).toEqual([w.pending.id, w.closed.id]);
    expect(res.body.totalTickets.total).toBe(2);
    await hideNumbersForTest(core.db.pool, w.a.id);
    const masked = await report(w.ana.token, MARCH);
    expect(masked.body.tickets[0].contactName).toBe("5521*******66");
    expect(masked.body.tickets[1].contactName).toBe("Maria Souza");
    // The hidden digits find nothing; the visible ones still do.
    expect(ids((await report(w.ana.token, `${MARCH}&searchParam=977776`)).body)).toEqual([]);
    expect(ids((await report(w.ana.token, `${MARCH}&searchParam=5521`)).body)).toEqual([w.pending.id]);
    // Admins always read whole numbers.
    const admin = await report(w.admin.token, `${MARCH}&status=${JSON.stringify(["pending"])}`);
    expect(admin.body.tickets[0].contactName).toBe("5521977776666");
  });

  it("refuses bad input with 400", async () => {
    const bad = [
      "pageSize=5001",
      "pageSize=0",
      "page=0",
      `status=${JSON.stringify(["aberto"])}`,
      "dateFrom=2026-03-05&dateTo=2026-03-01",
      "dateFrom=2026-02-30",
      "contactId=2147483648",
      `users=${JSON.stringify(["x"])}`,
    ];
    for (const q of bad) expect((await report(w.admin.token, q)).status, q).toBe(400);
  });

  it("walks the period's index (company_id, created_at) newest first, stopping after the page", async () => {
    const q = ZTicketReportQuerySchema.parse({ dateFrom: "2026-03-01", dateTo: "2026-03-31" });
    const me = await core.api("GET", "/auth/me", { token: w.admin.token });
    const params: unknown[] = [];
    const { loadViewer } = await import("../presenters/viewer.ts");
    const actor = { ...me.body, companyId: w.a.id, profile: "admin", super: false, queueIds: [] };
    const where = reportFilterSql(actor, await loadViewer(core.db.pool, actor), q, params);
    const client = await core.db.pool.connect();
    try {
      await client.query("BEGIN");
      // The test tables are tiny: make the planner price them as it would a big company's.
      await client.query("SET LOCAL enable_seqscan = off");
      const plan = await client.query(
        `EXPLAIN SELECT t.id FROM tickets t WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT 10`,
        params,
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("tickets_company_created");
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});

describe("#ticketreport.reports.groups", () => {
  it("finds a group by the contact search the filter uses, and answers the group's tickets by its contactId", async () => {
    const pool = core.db.pool;
    const c = await buildCompany(pool, { name: "Relatórios Grupos" });
    const admin = await signedIn(core, { companyId: c.id, profile: "admin" });
    const group = (
      await pool.query<{ id: number }>(
        "INSERT INTO contacts (company_id, name, number, is_group) VALUES ($1, 'Equipe Vendas', '120363041234567890', true) RETURNING id",
        [c.id],
      )
    ).rows[0]!.id;
    const person = await buildContact(pool, { companyId: c.id, name: "Equipe Pessoa" });
    const groupTicket = await seed(pool, {
      companyId: c.id,
      contactId: group,
      status: "open",
      created: sp("2026-03-05", "10:00"),
    });
    await pool.query("UPDATE tickets SET is_group = true WHERE id = $1", [groupTicket.id]);
    await seed(pool, { companyId: c.id, contactId: person.id, status: "open", created: sp("2026-03-05", "11:00") });
    // The filter's server search (GET /contacts from 3 characters) offers the group beside the person.
    const found = await core.api("GET", "/contacts?searchParam=equipe", { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.contacts.map((x: { id: number; isGroup: boolean }) => [x.id, x.isGroup])).toEqual(
      expect.arrayContaining([
        [group, true],
        [person.id, false],
      ]),
    );
    const res = await report(admin.token, `${MARCH}&contactId=${group}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([groupTicket.id]);
    expect(res.body.tickets[0].contactName).toBe("Equipe Vendas");
  });
});
