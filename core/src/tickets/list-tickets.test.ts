import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { setForTest } from "../testing/flags.ts";
import { coreForFile } from "../testing/test-world.ts";
import { rateTicket, seedTickets, tagTicket } from "../testing/ticket-list-factories.ts";
import { TICKETS_PAGE_SIZE } from "./list-tickets.ts";

const core = coreForFile();

type Item = { id: number };
const idsOf = (res: { body: { tickets: Item[] } }) => res.body.tickets.map((t) => t.id);

async function setup() {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin", name: "Ana Admin" });
  const { token } = await core.login(admin.email, admin.password);
  const get = (query = "", as = token) => core.api("GET", `/tickets${query ? `?${query}` : ""}`, { token: as });
  return { pool, company, admin, token, get };
}

describe("#tickets.list", () => {
  it("answers tickets, hasMore and count, each ticket as the list item shows it", async () => {
    const s = await setup();
    const queue = await buildQueue(s.pool, { companyId: s.company.id, name: "Vendas", color: "#ff0000" });
    const wa = await buildWhatsapp(s.pool, { companyId: s.company.id, channel: "whatsapp" });
    const [full, bare] = await seedTickets(s.pool, s.company.id, [
      {
        status: "closed",
        queueId: queue.id,
        userId: s.admin.id,
        whatsappId: wa.id,
        unreadMessages: 2,
        lastMessage: "obrigado!",
        contactName: "Maria",
      },
      { status: "pending", contactName: "José", ageSeconds: 60 },
    ]);
    const vip = await buildTag(s.pool, { companyId: s.company.id, name: "VIP", color: "#000000" });
    const late = await buildTag(s.pool, { companyId: s.company.id, name: "Atrasado" });
    await tagTicket(s.pool, s.company.id, full!, vip.id);
    await tagTicket(s.pool, s.company.id, full!, late.id);
    await rateTicket(s.pool, { companyId: s.company.id, ticketId: full!, rate: 2, secondsAgo: 100 });
    await rateTicket(s.pool, { companyId: s.company.id, ticketId: full!, rate: 5 });

    const res = await s.get();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "hasMore", "nextCursor", "tickets"]);
    expect(res.body).toMatchObject({ hasMore: false, count: 2, nextCursor: null });
    const [first, second] = res.body.tickets;
    const { rows } = await s.pool.query(
      "SELECT t.uuid, c.number, t.updated_at FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = $1",
      [full],
    );
    expect(first).toMatchObject({
      id: full,
      uuid: rows[0].uuid,
      status: "closed",
      channel: "whatsapp",
      isGroup: false,
      lastMessage: "obrigado!",
      unreadMessages: 2,
      contact: { name: "Maria", number: rows[0].number, urlPicture: null },
      queue: { id: queue.id, name: "Vendas", color: "#ff0000" },
      user: { id: s.admin.id, name: "Ana Admin" },
      whatsapp: { id: wa.id, channel: "whatsapp", groupAsTicket: "disabled" },
      tags: [
        { id: late.id, name: "Atrasado", color: "#A4CCCC" },
        { id: vip.id, name: "VIP", color: "#000000" },
      ],
      userRating: { rate: 5 },
    });
    expect(new Date(first.updatedAt).toISOString()).toBe(rows[0].updated_at.toISOString());
    expect(second).toMatchObject({ id: bare, queue: null, user: null, whatsapp: null, tags: [], userRating: null });
  });

  it(`pages ${TICKETS_PAGE_SIZE} tickets at a time, newest first, counting the whole list`, async () => {
    const s = await setup();
    // Interleaved statuses: the merged list must still be one order by updatedAt.
    const statuses = ["pending", "closed", "lgpd"];
    const ids = await seedTickets(
      s.pool,
      s.company.id,
      Array.from({ length: 85 }, (_, i) => ({ status: statuses[i % 3], ageSeconds: i * 10 })),
    );
    const pages = [];
    for (const n of [1, 2, 3]) pages.push(await s.get(`pageNumber=${n}`));
    expect(pages.map((p) => p.body.tickets.length)).toEqual([40, 40, 5]);
    expect(pages.map((p) => p.body.hasMore)).toEqual([true, true, false]);
    expect(pages.map((p) => p.body.count)).toEqual([85, 85, 85]);
    expect(pages.flatMap(idsOf)).toEqual(ids);
    const pending = await s.get("status=pending&pageNumber=1");
    expect(idsOf(pending)).toEqual(ids.filter((_, i) => i % 3 === 0));
    expect(pending.body.count).toBe(29);
  });

  it("continues after the last ticket it served when the list moved, where a cold page shifts", async () => {
    const s = await setup();
    const ids = await seedTickets(
      s.pool,
      s.company.id,
      Array.from({ length: 85 }, (_, i) => ({ ageSeconds: i * 10 })),
    );
    const page1 = await s.get("pageNumber=1");
    expect(idsOf(page1)).toEqual(ids.slice(0, 40));
    // A new message lifts the 50th ticket to the top.
    await s.pool.query("UPDATE tickets SET updated_at = now() + interval '1 second' WHERE id = $1", [ids[49]]);

    const page2 = await s.get("pageNumber=2");
    expect(idsOf(page2)).toEqual([...ids.slice(40, 49), ...ids.slice(50, 81)]);

    // Another admin, with no page served yet, gets page 2 by OFFSET in today's order.
    const other = await buildUser(s.pool, { companyId: s.company.id, profile: "admin" });
    const { token } = await core.login(other.email, other.password);
    const cold = await s.get("pageNumber=2", token);
    expect(idsOf(cold)[0]).toBe(ids[39]);
  });

  it("walks the list with nextCursor, which needs no state on the server", async () => {
    const s = await setup();
    const ids = await seedTickets(
      s.pool,
      s.company.id,
      Array.from({ length: 85 }, (_, i) => ({ ageSeconds: i })),
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    const other = await buildUser(s.pool, { companyId: s.company.id, profile: "admin" });
    const { token } = await core.login(other.email, other.password);
    for (let page = 0; page < 3; page++) {
      // Each page asked by a different admin: no boundary cached for them, only the cursor.
      const as = page % 2 === 0 ? s.token : token;
      const res = await s.get(cursor ? `cursor=${cursor}&pageNumber=1` : "", as);
      seen.push(...idsOf(res));
      cursor = res.body.nextCursor;
      if (page === 0) {
        await s.pool.query("UPDATE tickets SET updated_at = now() + interval '1 second' WHERE id = $1", [ids[60]]);
      }
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual(ids.filter((id) => id !== ids[60]));

    const first = await s.get("status=pending");
    const wrongList = await s.get(`status=open&cursor=${first.body.nextCursor}`);
    expect(wrongList.status).toBe(400);
    expect(wrongList.body).toMatchObject({ error: "ERR_VALIDATION", fields: { cursor: expect.any(String) } });
    expect((await s.get("cursor=garbage")).status).toBe(400);
  });

  it("moves a ticket with a new inbound message to the top", async () => {
    const s = await setup();
    const wa = await buildWhatsapp(s.pool, { companyId: s.company.id });
    const ids = await seedTickets(
      s.pool,
      s.company.id,
      [0, 1, 2].map((i) => ({ whatsappId: wa.id, ageSeconds: 60 * (i + 1) })),
    );
    const { rows } = await s.pool.query<{ number: string }>(
      "SELECT c.number FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = $1",
      [ids[2]],
    );
    expect(idsOf(await s.get())).toEqual(ids);
    await transaction(s.pool, (client) =>
      ingest(client, [
        {
          kind: "message",
          companyId: s.company.id,
          whatsappId: wa.id,
          channel: "whatsappapi",
          remoteId: `wamid.${randomUUID()}`,
          from: rows[0]!.number,
          body: "ainda estou esperando",
          mediaType: "chat",
          timestamp: new Date(),
        },
      ]),
    );
    const after = await s.get();
    expect(idsOf(after)).toEqual([ids[2], ids[0], ids[1]]);
    expect(after.body.tickets[0]).toMatchObject({ unreadMessages: 1, lastMessage: "ainda estou esperando" });
    expect(idsOf(await s.get("withUnreadMessages=true"))).toEqual([ids[2]]);
  });

  it("refuses malformed parameters with 400 ERR_VALIDATION, naming the field", async () => {
    const s = await setup();
    const cases: [string, string][] = [
      ["queueIds=[1,", "queueIds"],
      ['tags=["x"]', "tags"],
      ["sortTickets=UP", "sortTickets"],
      ["date=yesterday", "date"],
      ["updatedAt=2026-13-45", "updatedAt"],
      ["status=archived", "status"],
      ['statusFilter=["archived"]', "statusFilter"],
      ["pageNumber=0", "pageNumber"],
    ];
    for (const [query, field] of cases) {
      const res = await s.get(encodeURI(query));
      expect({ query, status: res.status, error: res.body.error }).toEqual({
        query,
        status: 400,
        error: "ERR_VALIDATION",
      });
      expect(Object.keys(res.body.fields)[0]).toMatch(new RegExp(`^${field}`));
    }
  });

  it("masks contact numbers for plain users when the company hides them (LGPD), never groups'", async () => {
    const s = await setup();
    const agent = await buildUser(s.pool, { companyId: s.company.id, profile: "user" });
    await setForTest(s.pool, "users", agent.id, { all_ticket: "enabled", allow_group: true });
    const [person, group] = await seedTickets(s.pool, s.company.id, [{}, { isGroup: true }]);
    const { rows } = await s.pool.query<{ id: number; number: string; uuid: string }>(
      "SELECT t.id, c.number, t.uuid FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = ANY($1)",
      [[person, group]],
    );
    const numberOf = (id: number) => rows.find((r) => r.id === id)!.number;
    const { token } = await core.login(agent.email, agent.password);
    const numbers = async (as: string) =>
      (await s.get("", as)).body.tickets.map((t: { contact: { number: string } }) => t.contact.number);
    expect(await numbers(token)).toEqual([numberOf(person!), numberOf(group!)]);

    await s.pool.query(
      `INSERT INTO settings (company_id, key, value) VALUES ($1, 'enableLGPD', 'enabled'), ($1, 'lgpdHideNumber', 'enabled')`,
      [s.company.id],
    );
    const [hidden, groupNumber] = await numbers(token);
    expect(hidden).not.toBe(numberOf(person!));
    expect(hidden.slice(-2)).toBe(numberOf(person!).slice(-2));
    expect(hidden).toContain("*");
    expect(groupNumber).toBe(numberOf(group!));
    const one = await core.api("GET", `/tickets/u/${rows.find((r) => r.id === person)!.uuid}`, { token });
    expect(one.body.contact.number).toBe(hidden);
    expect(await numbers(s.token)).toEqual([numberOf(person!), numberOf(group!)]);
  });

  it("never shows another company's tickets, whatever the filters name", async () => {
    const mine = await setup();
    const other = await setup();
    const q = await buildQueue(other.pool, { companyId: other.company.id });
    const wa = await buildWhatsapp(other.pool, { companyId: other.company.id });
    const [theirs] = await seedTickets(other.pool, other.company.id, [
      { status: "open", queueId: q.id, whatsappId: wa.id, userId: other.admin.id },
    ]);
    const [own] = await seedTickets(mine.pool, mine.company.id, [{}]);
    const filters = `showAll=true&queueIds=[${q.id}]&whatsapps=[${wa.id}]&users=[${other.admin.id}]`;
    expect(idsOf(await mine.get(filters))).toEqual([]);
    expect(await mine.get("showAll=true")).toMatchObject({ body: { count: 1, tickets: [{ id: own }] } });
    const { rows } = await other.pool.query("SELECT uuid FROM tickets WHERE id = $1", [theirs]);
    const one = await core.api("GET", `/tickets/u/${rows[0].uuid}`, { token: mine.token });
    expect(one).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect((await core.api("GET", `/tickets/u/${randomUUID()}`, { token: mine.token })).status).toBe(404);
  });
});
