import { describe, expect, it } from "vitest";
import { MOMENTS_LIMIT } from "../contract/moments.ts";
import { buildCompany, buildContact, buildTicket, buildUser } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld } from "../testing/tickets-factories.ts";

const core = coreForFile();
const DAY = 86_400_000;

/**
 * A company with, besides the closed and old tickets the panel leaves out: Bruno's open ticket in sales, a pending
 * ticket in support with no agent, and Carla's open ticket in sales; another company has an open ticket too.
 */
const w = forFile(async () => {
  const world = await buildTicketWorld(core);
  const pool = world.pool;
  const at = async (id: number, ago: number, lastMessage: string) =>
    pool.query(
      "UPDATE tickets SET updated_at = now() - $2 * interval '1 millisecond', last_message = $3 WHERE id = $1",
      [id, ago, lastMessage],
    );
  const brunos = await world.ticket({ status: "open", userId: world.agent.id, contactName: "Maria Souza" });
  await at(brunos.id, 60_000, "Bom dia, preciso de ajuda");
  const pending = await world.ticket({ status: "pending", queueId: world.support.id, contactName: "João Lima" });
  await at(pending.id, 120_000, "Olá?");
  const carlas = await world.ticket({ status: "open", userId: world.other.id, contactName: "Rita Alves" });
  await at(carlas.id, 5 * DAY, "Obrigada");
  const closed = await world.ticket({ status: "closed", userId: world.agent.id });
  await at(closed.id, 1_000, "fechado");
  const old = await world.ticket({ status: "open", userId: world.agent.id });
  await at(old.id, 31 * DAY, "antigo");
  const oldPending = await world.ticket({ status: "pending" });
  await at(oldPending.id, 40 * DAY, "antigo");
  // Another company's ticket in progress, updated just now: never in this company's panel.
  const company = await buildCompany(pool);
  const contact = await buildContact(pool, { companyId: company.id, name: "Outra Empresa" });
  const foreign = await buildTicket(pool, { companyId: company.id, contactId: contact.id, status: "open" });
  return { ...world, brunos, pending, carlas, foreign };
});

const get = (path: string, token: string) => core.api("GET", path, { token });
const ids = (body: { id: number }[]) => body.map((t) => t.id);

describe("#moments", () => {
  it("answers the admin the company's open and pending tickets of the last 30 days, newest first, with their agent", async () => {
    const res = await get("/usersMoments", w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: w.brunos.id,
        uuid: w.brunos.uuid,
        status: "open",
        lastMessage: "Bom dia, preciso de ajuda",
        updatedAt: expect.any(String),
        userId: w.agent.id,
        queueId: w.sales.id,
        contact: { id: w.brunos.contactId, name: "Maria Souza", urlPicture: null },
        queue: { id: w.sales.id, name: `Sales ${w.company.id}`, color: expect.any(String) },
        user: { id: w.agent.id, name: "Bruno Agent" },
        whatsapp: { id: w.wa.id, name: expect.any(String) },
      },
      {
        id: w.pending.id,
        uuid: w.pending.uuid,
        status: "pending",
        lastMessage: "Olá?",
        updatedAt: expect.any(String),
        userId: null,
        queueId: w.support.id,
        contact: { id: w.pending.contactId, name: "João Lima", urlPicture: null },
        queue: { id: w.support.id, name: `Support ${w.company.id}`, color: expect.any(String) },
        user: null,
        whatsapp: { id: w.wa.id, name: expect.any(String) },
      },
      expect.objectContaining({ id: w.carlas.id, status: "open", user: { id: w.other.id, name: "Carla Agent" } }),
    ]);
    expect(ids(res.body)).not.toContain(w.foreign.id);
    const same = await get("/dashboard/moments", w.admin.token);
    expect(same.body).toEqual(res.body);
  });

  it("lets a user with allowRealTime see the whole panel, and refuses one without it with 403", async () => {
    await w.pool.query("UPDATE users SET allow_real_time = 'disabled' WHERE id = $1", [w.agent.id]);
    for (const path of ["/usersMoments", "/dashboard/moments"]) {
      const refused = await get(path, w.agent.token);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error, path).toBe("ERR_NO_PERMISSION");
    }
    await w.pool.query("UPDATE users SET allow_real_time = 'enabled' WHERE id = $1", [w.agent.id]);
    try {
      const res = await get("/usersMoments", w.agent.token);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([w.brunos.id, w.pending.id, w.carlas.id]);
    } finally {
      await w.pool.query("UPDATE users SET allow_real_time = 'disabled' WHERE id = $1", [w.agent.id]);
    }
  });

  it("filters by status, agent, queues, days and the caller's own queues", async () => {
    const q = async (query: string, token = w.admin.token) => {
      const res = await get(`/dashboard/moments?${query}`, token);
      expect(res.status, query).toBe(200);
      return ids(res.body);
    };
    expect(await q("status=pending")).toEqual([w.pending.id]);
    expect(await q("status=open")).toEqual([w.brunos.id, w.carlas.id]);
    expect(await q(`userId=${w.other.id}`)).toEqual([w.carlas.id]);
    expect(await q(`queueIds=${JSON.stringify([w.support.id])}`)).toEqual([w.pending.id]);
    expect(await q(`queueIds=${w.sales.id}`)).toEqual([w.brunos.id, w.carlas.id]);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    expect(await q(`dateStart=${threeDaysAgo}&dateEnd=${today}`)).toEqual([w.brunos.id, w.pending.id]);
    // A start before the 30-day window is held to it: the 31-day-old ticket stays out.
    expect(await q("dateStart=2000-01-01")).toEqual([w.brunos.id, w.pending.id, w.carlas.id]);
    // The admin is in no queue: showAll=false shows nothing; Bruno (sales, allowRealTime) sees sales only.
    expect(await q("showAll=false")).toEqual([]);
    await w.pool.query("UPDATE users SET allow_real_time = 'enabled' WHERE id = $1", [w.agent.id]);
    try {
      expect(await q("showAll=false", w.agent.token)).toEqual([w.brunos.id, w.carlas.id]);
      expect(await q(`showAll=false&queueIds=${w.support.id}`, w.agent.token)).toEqual([]);
    } finally {
      await w.pool.query("UPDATE users SET allow_real_time = 'disabled' WHERE id = $1", [w.agent.id]);
    }
  });

  it("refuses malformed filters with 400 ERR_VALIDATION", async () => {
    for (const query of ["status=closed", "queueIds=abc", "userId=-1", "dateStart=2026-02-30", "dateEnd=today"]) {
      const res = await get(`/dashboard/moments?${query}`, w.admin.token);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("ERR_VALIDATION");
    }
  });

  it("reads the tickets in progress through the inbox index, not the whole table, and stops at the limit", async () => {
    const company = await buildCompany(w.pool);
    const contact = await buildContact(w.pool, { companyId: company.id });
    // 60,000 closed tickets and a few more open ones (one contact each: one ticket in progress per contact) than
    // one answer carries.
    await w.pool.query(
      `INSERT INTO tickets (company_id, contact_id, status, channel, updated_at)
       SELECT $1, $2, 'closed', 'whatsapp', now() - g * interval '1 second' FROM generate_series(1, 60000) g`,
      [company.id, contact.id],
    );
    await w.pool.query(
      `WITH c AS (INSERT INTO contacts (company_id, name, number)
         SELECT $1, 'Cliente ' || g, '55219' || lpad(g::text, 8, '0') FROM generate_series(1, $2) g RETURNING id)
       INSERT INTO tickets (company_id, contact_id, status, channel, updated_at)
       SELECT $1, c.id, 'open', 'whatsapp', now() - c.id * interval '1 millisecond' FROM c`,
      [company.id, MOMENTS_LIMIT + 5],
    );
    await w.pool.query("ANALYZE tickets");
    const admin = await buildUser(w.pool, { companyId: company.id, profile: "admin" });
    const session = await core.login(admin.email, admin.password);
    const started = performance.now();
    const res = await get("/usersMoments", session.token);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(MOMENTS_LIMIT);
    expect(res.body.every((t: { status: string }) => t.status === "open")).toBe(true);
    const plan = await w.pool.query(
      `EXPLAIN SELECT s.id FROM tickets s WHERE s.company_id = $1 AND s.status = 'open'
         AND s.updated_at >= now() - interval '30 days' ORDER BY s.updated_at DESC, s.id DESC LIMIT 1000`,
      [company.id],
    );
    const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
    // The inbox index or the in-progress partial index (status <> 'closed'): either way the closed ones are not read.
    expect(text).toMatch(
      /Index (Only )?Scan.* on (tickets_inbox|tickets_one_active)|Index Scan using (tickets_inbox|tickets_one_active)/,
    );
    expect(text).not.toContain("Seq Scan");
    console.info(`moments: ${MOMENTS_LIMIT} of ${MOMENTS_LIMIT + 5} open among 60,000 closed in ${ms.toFixed(0)} ms`);
  });
});
