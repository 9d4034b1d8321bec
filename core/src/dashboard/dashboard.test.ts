// The dashboard's calls (spec 1 §2, §3 "Dashboard counters", §5 'Parametrize o filtro', §6, §7): exact figures
// from seeded tickets, logs, ratings, contacts and messages (decision 0059), another company's rows left out,
// the filter's validation and who may read it.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { buildCompany, buildContact } from "../testing/factories.ts";
import { buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { setUserFlags } from "../testing/tickets-factories.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();

/** A moment of the report time zone (America/Sao_Paulo, UTC-3 all year since 2019). */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

type Seed = {
  companyId: number;
  status: string;
  userId: number | null;
  created: Date;
  /** The attendant who started it (an active ticket); none: the contact did. */
  startedBy?: number;
  accepted?: { at: Date; by: number };
  closedAt?: Date;
  rate?: number;
};

async function seedTicket(pool: pg.Pool, s: Seed): Promise<number> {
  const contact = await buildContact(pool, { companyId: s.companyId });
  await pool.query("UPDATE contacts SET created_at = '2026-01-01T12:00:00Z' WHERE id = $1", [contact.id]);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO tickets (company_id, contact_id, status, user_id, is_group, closed_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [s.companyId, contact.id, s.status, s.userId, s.status === "group", s.closedAt ?? null, s.created],
  );
  const id = rows[0]!.id;
  const log = (type: string, at: Date, userId: number | null) =>
    pool.query(
      "INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, created_at) VALUES ($1, $2, $3, $4, $5)",
      [s.companyId, id, type, userId, at],
    );
  await log("create", s.created, s.startedBy ?? null);
  if (s.startedBy) await log("open", s.created, s.startedBy);
  if (s.accepted) await log("open", s.accepted.at, s.accepted.by);
  // An access entry is not an accept: it must not move the waiting time.
  await log("access", new Date(s.created.getTime() + 60_000), s.userId);
  if (s.closedAt) await log("closed", s.closedAt, s.userId);
  if (s.rate !== undefined) {
    await pool.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)", [
      s.companyId,
      id,
      s.userId,
      s.rate,
    ]);
  }
  return id;
}

const w = forFile(async () => {
  const pool = core.db.pool;
  const a = await buildCompany(pool, { name: "Empresa A" });
  const b = await buildCompany(pool, { name: "Empresa B" });
  const admin = await signedIn(core, { companyId: a.id, profile: "admin", name: "Admin" });
  const ana = await signedIn(core, { companyId: a.id, profile: "user", name: "Ana" });
  const bruno = await signedIn(core, { companyId: a.id, profile: "user", name: "Bruno" });
  const plain = await signedIn(core, { companyId: a.id, profile: "user", name: "Plain" });
  const dash = await signedIn(core, { companyId: a.id, profile: "user", name: "Dash" });
  await setUserFlags(pool, dash.id, { showDashboard: "enabled" });
  await pool.query("UPDATE users SET online = (id = ANY($1)) WHERE company_id = $2", [
    [admin.id, ana.id, dash.id],
    a.id,
  ]);
  const other = await signedIn(core, { companyId: b.id, profile: "admin", name: "Outra Empresa" });

  const day = (d: number) => `2026-03-0${d}`;
  const T = (s: Omit<Seed, "companyId">) => seedTicket(pool, { companyId: a.id, ...s });
  const t1 = await T({
    status: "closed",
    userId: ana.id,
    created: sp(day(2), "10:00"),
    accepted: { at: sp(day(2), "10:10"), by: ana.id },
    closedAt: sp(day(2), "10:40"),
    rate: 5,
  });
  await T({
    status: "closed",
    userId: ana.id,
    created: sp(day(2), "11:00"),
    accepted: { at: sp(day(2), "11:20"), by: ana.id },
    closedAt: sp(day(2), "12:20"),
    rate: 4,
  });
  await T({
    status: "closed",
    userId: bruno.id,
    created: sp(day(3), "09:00"),
    accepted: { at: sp(day(3), "09:30"), by: bruno.id },
    closedAt: sp(day(3), "10:00"),
    rate: 2,
  });
  await T({
    status: "open",
    userId: bruno.id,
    created: sp(day(3), "14:00"),
    accepted: { at: sp(day(3), "14:06"), by: bruno.id },
  });
  await T({ status: "pending", userId: null, created: sp(day(4), "08:00") });
  // Active: Ana started it herself.
  await T({
    status: "closed",
    userId: ana.id,
    created: sp(day(5), "09:00"),
    startedBy: ana.id,
    closedAt: sp(day(5), "09:45"),
  });
  await T({ status: "group", userId: null, created: sp(day(5), "10:00") });
  await T({
    status: "nps",
    userId: ana.id,
    created: sp(day(6), "10:00"),
    accepted: { at: sp(day(6), "10:04"), by: ana.id },
  });
  // The last minutes of the period in São Paulo are already the next day in UTC: counted.
  await T({ status: "pending", userId: null, created: sp(day(7), "23:30") });
  await T({
    status: "closed",
    userId: bruno.id,
    created: sp(day(6), "16:00"),
    accepted: { at: sp(day(6), "16:12"), by: bruno.id },
    closedAt: sp(day(6), "16:32"),
    rate: 1,
  });
  // Outside the period: before it, and the first minutes after it.
  await T({
    status: "closed",
    userId: ana.id,
    created: sp("2026-02-20", "10:00"),
    accepted: { at: sp("2026-02-20", "10:01"), by: ana.id },
    closedAt: sp("2026-02-20", "11:00"),
    rate: 5,
  });
  await T({ status: "pending", userId: null, created: sp("2026-03-08", "00:30") });

  // New contacts: three in the period; a group, one before and one after it are not counted.
  for (const [name, at, group] of [
    ["Lead 1", sp(day(2), "09:00"), false],
    ["Lead 2", sp(day(5), "09:00"), false],
    ["Lead 3", sp(day(7), "23:59"), false],
    ["Grupo", sp(day(3), "09:00"), true],
    ["Antigo", sp("2026-02-28", "23:59"), false],
    ["Depois", sp("2026-03-08", "00:01"), false],
  ] as const) {
    const c = await buildContact(pool, { companyId: a.id, name });
    await pool.query("UPDATE contacts SET created_at = $2, is_group = $3 WHERE id = $1", [c.id, at, group]);
  }

  // Messages: 5 received and 3 sent in the period, a note, one outside; 2 received and 1 sent today.
  const msg = (o: { fromMe?: boolean; isPrivate?: boolean; createdAt?: Date }, companyId = a.id, ticketId = t1) =>
    buildMessage(pool, { companyId, ticketId, ...o });
  for (let i = 0; i < 5; i++) await msg({ createdAt: sp(day(2), `10:0${i}`) });
  for (let i = 0; i < 3; i++) await msg({ fromMe: true, createdAt: sp(day(3), `10:0${i}`) });
  await msg({ fromMe: true, isPrivate: true, createdAt: sp(day(3), "11:00") });
  await msg({ createdAt: sp("2026-02-20", "10:00") });
  await msg({});
  await msg({});
  await msg({ fromMe: true });

  // Company B: a rated, closed ticket in the period, a lead, messages and an online admin. None of it counts for A.
  const tb = await seedTicket(pool, {
    companyId: b.id,
    status: "closed",
    userId: other.id,
    created: sp(day(2), "10:00"),
    accepted: { at: sp(day(2), "10:30"), by: other.id },
    closedAt: sp(day(2), "11:00"),
    rate: 5,
  });
  await seedTicket(pool, { companyId: b.id, status: "open", userId: other.id, created: sp(day(4), "10:00") });
  const cb = await buildContact(pool, { companyId: b.id, name: "Lead B" });
  await pool.query("UPDATE contacts SET created_at = $2 WHERE id = $1", [cb.id, sp(day(3), "09:00")]);
  for (let i = 0; i < 4; i++) await msg({ createdAt: sp(day(2), "12:00") }, b.id, tb);
  await msg({}, b.id, tb);
  await msg({ fromMe: true }, b.id, tb);
  return { admin, ana, bruno, plain, dash, other };
});

const PERIOD = "date_from=2026-03-01&date_to=2026-03-07";

describe("#dashboard: GET /dashboard", () => {
  it("counts the company's tickets, contacts, users, messages and ratings of the period, to the unit", async () => {
    const res = await core.api("GET", `/dashboard?${PERIOD}&companyId=999`, { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.dateFrom).toBe("2026-03-01");
    expect(res.body.dateTo).toBe("2026-03-07");
    expect(res.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 2,
      supportFinished: 5,
      supportGroups: 1,
      leads: 3,
      usersOnline: 3,
      usersTotal: 5,
      receivedMessages: 5,
      receivedMessagesToday: 2,
      sentMessages: 3,
      sentMessagesToday: 1,
      // Accept to close: 30, 60, 30, 45, 20 minutes.
      avgSupportTime: 37,
      // Creation to first accept, tickets the contact started: 10, 20, 30, 6, 4, 12 minutes.
      avgWaitTime: 13.7,
      activeTickets: 1,
      passiveTickets: 9,
      // Ratings 5, 4, 2, 1 on the 0..10 scale: 10, 7.5, 2.5, 0.
      npsPromoters: 1,
      npsNeutrals: 1,
      npsDetractors: 2,
      npsScore: -25,
      totalTickets: 10,
      waitRating: 1,
      withoutRating: 1,
      withRating: 4,
      percRating: 80,
    });
  });

  it("lists every attendant of the company with the tickets they hold, busiest first", async () => {
    const res = await core.api("GET", `/dashboard?${PERIOD}`, { token: w.admin.token });
    expect(res.body.attendants).toEqual([
      {
        id: w.ana.id,
        name: "Ana",
        rating: 4.5,
        countRating: 2,
        tickets: 4,
        avgWaitTime: 11.3,
        avgSupportTime: 45,
        online: true,
      },
      {
        id: w.bruno.id,
        name: "Bruno",
        rating: 1.5,
        countRating: 2,
        tickets: 3,
        avgWaitTime: 16,
        avgSupportTime: 25,
        online: false,
      },
      {
        id: w.admin.id,
        name: "Admin",
        rating: null,
        countRating: 0,
        tickets: 0,
        avgWaitTime: null,
        avgSupportTime: null,
        online: true,
      },
      {
        id: w.dash.id,
        name: "Dash",
        rating: null,
        countRating: 0,
        tickets: 0,
        avgWaitTime: null,
        avgSupportTime: null,
        online: true,
      },
      {
        id: w.plain.id,
        name: "Plain",
        rating: null,
        countRating: 0,
        tickets: 0,
        avgWaitTime: null,
        avgSupportTime: null,
        online: false,
      },
    ]);
  });

  it("reads days as the last N days, today included, and the other company sees only its own", async () => {
    const today = await core.api("GET", "/dashboard?days=1", { token: w.admin.token });
    expect(today.status).toBe(200);
    expect(today.body.dateFrom).toBe(today.body.dateTo);
    expect(today.body.counters).toMatchObject({ receivedMessages: 2, sentMessages: 1, totalTickets: 0 });
    const theirs = await core.api("GET", `/dashboard?${PERIOD}`, { token: w.other.token });
    expect(theirs.body.counters).toMatchObject({
      totalTickets: 2,
      supportFinished: 1,
      supportHappening: 1,
      leads: 1,
      usersTotal: 1,
      receivedMessages: 4,
      npsPromoters: 1,
      npsScore: 100,
      avgWaitTime: 30,
      avgSupportTime: 30,
    });
    expect(theirs.body.attendants.map((r: { name: string }) => r.name)).toEqual(["Outra Empresa"]);
  });

  it("needs days or a date: 'Parametrize o filtro' (spec 1 §5); bad values are refused too", async () => {
    const none = await core.api("GET", "/dashboard", { token: w.admin.token });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "ERR_VALIDATION", message: "Parametrize o filtro" });
    for (const q of [
      "days=0",
      "days=abc",
      "days=400",
      "date_from=2026-02-30",
      "date_from=2026-03-05&date_to=2026-03-01",
      "date_from=2024-01-01&date_to=2026-01-01",
      "date_from=2020-01-01",
    ]) {
      const res = await core.api("GET", `/dashboard?${q}`, { token: w.admin.token });
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe("ERR_VALIDATION");
    }
    const alone = await core.api("GET", "/dashboard?date_to=2026-03-07", { token: w.admin.token });
    expect([alone.body.dateFrom, alone.body.dateTo]).toEqual(["2026-02-06", "2026-03-07"]);
    expect(alone.body.counters.totalTickets).toBe(11);
  });
});

describe("#dashboard: the charts", () => {
  it("GET /dashboard/ticketsDay counts tickets per day of the period, empty days as 0", async () => {
    const res = await core.api("GET", "/dashboard/ticketsDay?initialDate=2026-03-01&finalDate=2026-03-07&companyId=1", {
      token: w.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      unit: "day",
      count: [
        { label: "2026-03-01", total: 0 },
        { label: "2026-03-02", total: 2 },
        { label: "2026-03-03", total: 2 },
        { label: "2026-03-04", total: 1 },
        { label: "2026-03-05", total: 2 },
        { label: "2026-03-06", total: 2 },
        { label: "2026-03-07", total: 1 },
      ],
    });
  });

  it("GET /dashboard/ticketsDay counts per hour when the period is one day", async () => {
    const res = await core.api(
      "GET",
      "/dashboard/ticketsDay?initialDate=2026-03-03T00:00:00.000Z&finalDate=2026-03-03",
      {
        token: w.admin.token,
      },
    );
    expect(res.body.unit).toBe("hour");
    expect(res.body.count).toHaveLength(24);
    expect(res.body.count.filter((c: { total: number }) => c.total > 0)).toEqual([
      { label: "09", total: 1 },
      { label: "14", total: 1 },
    ]);
  });

  it("GET /dashboard/ticketsUsers gives each attendant's row for the chart's own period", async () => {
    const res = await core.api("GET", "/dashboard/ticketsUsers?initialDate=2026-03-02&finalDate=2026-03-02", {
      token: w.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      id: w.ana.id,
      name: "Ana",
      rating: 4.5,
      countRating: 2,
      tickets: 2,
      avgWaitTime: 15,
      avgSupportTime: 45,
      online: true,
    });
    expect(res.body.data.slice(1).every((r: { tickets: number }) => r.tickets === 0)).toBe(true);
  });

  it("the charts need both dates: 'Parametrize o filtro'", async () => {
    for (const path of ["/dashboard/ticketsDay", "/dashboard/ticketsUsers?initialDate=2026-03-01"]) {
      const res = await core.api("GET", path, { token: w.admin.token });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", message: "Parametrize o filtro" });
    }
  });
});

describe("#dashboard: who may read it (spec 1 §6 dashboard:view)", () => {
  it("refuses a plain user with ERR_NO_PERMISSION on every call, before looking at the filter", async () => {
    for (const path of [`/dashboard?${PERIOD}`, "/dashboard", "/dashboard/ticketsDay", "/dashboard/ticketsUsers"]) {
      const res = await core.api("GET", path, { token: w.plain.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toBe("ERR_NO_PERMISSION");
    }
  });

  it("lets a user with showDashboard read it", async () => {
    const res = await core.api("GET", `/dashboard?${PERIOD}`, { token: w.dash.token });
    expect(res.status).toBe(200);
    expect(res.body.counters.totalTickets).toBe(10);
  });
});
