import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { buildAgent, seedTickets, tagTicket } from "../testing/ticket-list-factories.ts";

const core = coreForFile();

type Answer = { status: number; body: { tickets: { id: number }[]; count: number } };
const idsOf = (res: Answer) => res.body.tickets.map((t) => t.id);

async function setup() {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
  const { token } = await core.login(admin.email, admin.password);
  const get = async (query: string, as = token): Promise<Answer> => {
    const res = await core.api("GET", `/tickets?${query}`, { token: as });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const loginAs = async (u: { email: string; password: string }) => (await core.login(u.email, u.password)).token;
  return { pool, company, admin, token, get, loginAs };
}

/** Asserts the tickets listed (in order) and that count agrees with them. */
const expectList = (res: Answer, ids: (number | undefined)[]) => {
  expect(idsOf(res)).toEqual(ids);
  expect(res.body.count).toBe(ids.length);
};

describe("#tickets.list filters", () => {
  it("status: lists one tab; statusFilter: any of several statuses", async () => {
    const s = await setup();
    const [pending, open, closed, group] = await seedTickets(s.pool, s.company.id, [
      { status: "pending" },
      { status: "open", userId: s.admin.id },
      { status: "closed" },
      { status: "group", isGroup: true, userId: s.admin.id },
    ]);
    expectList(await s.get("status=open"), [open]);
    expectList(await s.get("status=closed"), [closed]);
    expectList(await s.get(`statusFilter=${encodeURIComponent('["open","closed"]')}`), [open, closed]);
    expectList(await s.get(`status=open&statusFilter=${encodeURIComponent('["open","closed"]')}`), [open]);
    expectList(await s.get(`status=pending&statusFilter=${encodeURIComponent('["closed"]')}`), []);
    expectList(await s.get("status=search"), [pending, open, closed, group]);
  });

  it("searchParam: lower-cased, in contact names and numbers, and in messages only with searchOnMessages", async () => {
    const s = await setup();
    const [maria, joao, other] = await seedTickets(s.pool, s.company.id, [
      { contactName: "Maria da Silva" },
      { contactName: "JOÃO 100%" },
      { contactName: "Pedro" },
    ]);
    await s.pool.query(
      "UPDATE contacts SET number = '5511987654321' WHERE id = (SELECT contact_id FROM tickets WHERE id = $1)",
      [other],
    );
    await s.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, body) VALUES ($1, $2, $3, 'O Boleto está atrasado')`,
      [randomUUID(), s.company.id, maria],
    );
    expectList(await s.get("searchParam=MARIA"), [maria]);
    expectList(await s.get("searchParam=joão"), [joao]);
    expectList(await s.get("searchParam=87654"), [other]);
    // LIKE's wildcards are plain text here: "%" matches only a literal percent sign.
    expectList(await s.get(`searchParam=${encodeURIComponent("%")}`), [joao]);
    expectList(await s.get("searchParam=boleto"), []);
    expectList(await s.get("searchParam=BOLETO&searchOnMessages=true"), [maria]);
    expectList(await s.get("searchParam=%20%20"), [maria, joao, other]);
  });

  it("date and updatedAt: tickets created, or last updated, on that day in São Paulo", async () => {
    const s = await setup();
    const [noonSp, lateSp, nextDaySp] = await seedTickets(s.pool, s.company.id, [
      { createdAt: "2026-03-10T15:00:00Z" },
      // 23:30 in São Paulo on the 10th, already the 11th in UTC.
      { createdAt: "2026-03-11T02:30:00Z" },
      { createdAt: "2026-03-11T03:30:00Z" },
    ]);
    await s.pool.query("UPDATE tickets SET updated_at = created_at + interval '1 day' WHERE id = ANY($1)", [
      [noonSp, lateSp, nextDaySp],
    ]);
    expectList(await s.get("date=2026-03-10"), [lateSp, noonSp]);
    expectList(await s.get("date=2026-03-11"), [nextDaySp]);
    expectList(await s.get("updatedAt=2026-03-11"), [lateSp, noonSp]);
    expectList(await s.get("updatedAt=2026-03-10"), []);
    expectList(await s.get("date=2026-03-10T12:00:00.000Z"), [lateSp, noonSp]);
  });

  it("showAll: admins and users with allUserChat see other users' tickets in progress; a user's search never", async () => {
    const s = await setup();
    const sales = await buildQueue(s.pool, { companyId: s.company.id });
    const colleague = await buildAgent(s.pool, { companyId: s.company.id, name: "Colega", queueIds: [sales.id] });
    const plain = await buildAgent(s.pool, { companyId: s.company.id, queueIds: [sales.id] });
    const chatter = await buildAgent(s.pool, { companyId: s.company.id, queueIds: [sales.id], allUserChat: true });
    const [waiting, theirs] = await seedTickets(s.pool, s.company.id, [
      { status: "pending", queueId: sales.id },
      { status: "open", queueId: sales.id, userId: colleague.id, contactName: "Cliente" },
    ]);
    expectList(await s.get(""), [waiting]);
    expectList(await s.get("showAll=true"), [waiting, theirs]);
    const chatterToken = await s.loginAs(chatter);
    expectList(await s.get("", chatterToken), [waiting]);
    expectList(await s.get("showAll=true", chatterToken), [waiting, theirs]);
    expectList(await s.get("showAll=true&searchParam=cliente", chatterToken), []);
    expectList(await s.get("showAll=true&searchParam=cliente"), [theirs]);
    expectList(await s.get("showAll=true", await s.loginAs(plain)), [waiting]);
  });

  it("queueIds: only those queues the caller may see, with no-queue tickets for allTicket", async () => {
    const s = await setup();
    const sales = await buildQueue(s.pool, { companyId: s.company.id });
    const support = await buildQueue(s.pool, { companyId: s.company.id });
    const agent = await buildAgent(s.pool, { companyId: s.company.id, queueIds: [sales.id], allTicket: true });
    const [inSales, inSupport, noQueue] = await seedTickets(s.pool, s.company.id, [
      { queueId: sales.id },
      { queueId: support.id },
      { queueId: null },
    ]);
    const token = await s.loginAs(agent);
    expectList(await s.get(`queueIds=[${sales.id}]`), [inSales]);
    expectList(await s.get(`queueIds=[${sales.id},${support.id}]`), [inSales, inSupport]);
    expectList(await s.get(`queueIds=[${sales.id}]`, token), [inSales, noQueue]);
    expectList(await s.get(`queueIds=[${support.id}]`, token), [noQueue]);
    expectList(await s.get("queueIds=[]", token), [inSales, noQueue]);
  });

  it("withUnreadMessages: only tickets with unread messages", async () => {
    const s = await setup();
    const [unread] = await seedTickets(s.pool, s.company.id, [{ unreadMessages: 3 }, { unreadMessages: 0 }]);
    expectList(await s.get("withUnreadMessages=true"), [unread]);
    expect((await s.get("withUnreadMessages=false")).body.count).toBe(2);
  });

  it("whatsapps and whatsappIds: only tickets of those connections", async () => {
    const s = await setup();
    const a = await buildWhatsapp(s.pool, { companyId: s.company.id });
    const b = await buildWhatsapp(s.pool, { companyId: s.company.id });
    const [onA, onB] = await seedTickets(s.pool, s.company.id, [{ whatsappId: a.id }, { whatsappId: b.id }, {}]);
    expectList(await s.get(`whatsapps=[${a.id}]`), [onA]);
    expectList(await s.get(`whatsappIds=[${b.id}]`), [onB]);
    expectList(await s.get(`whatsapps=[${a.id}]&whatsappIds=[${b.id}]`), [onA, onB]);
  });

  it("tags: tickets carrying any of the tags", async () => {
    const s = await setup();
    const vip = await buildTag(s.pool, { companyId: s.company.id, name: "VIP" });
    const late = await buildTag(s.pool, { companyId: s.company.id, name: "Atrasado" });
    const unused = await buildTag(s.pool, { companyId: s.company.id, name: "Outro" });
    const [both, onlyVip, onlyLate] = await seedTickets(s.pool, s.company.id, [{}, {}, {}, {}]);
    await tagTicket(s.pool, s.company.id, both!, vip.id);
    await tagTicket(s.pool, s.company.id, both!, late.id);
    await tagTicket(s.pool, s.company.id, onlyVip!, vip.id);
    await tagTicket(s.pool, s.company.id, onlyLate!, late.id);
    expectList(await s.get(`tags=[${vip.id}]`), [both, onlyVip]);
    expectList(await s.get(`tags=[${vip.id},${late.id}]`), [both, onlyVip, onlyLate]);
    expectList(await s.get(`tags=[${unused.id}]`), []);
  });

  it("users and userFilter: admins list the tickets of those owners; other profiles' owner filters are ignored", async () => {
    const s = await setup();
    const sales = await buildQueue(s.pool, { companyId: s.company.id });
    const maria = await buildAgent(s.pool, { companyId: s.company.id, queueIds: [sales.id] });
    const jose = await buildAgent(s.pool, { companyId: s.company.id, queueIds: [sales.id] });
    const [ofMaria, ofJose, closedOfJose, waiting] = await seedTickets(s.pool, s.company.id, [
      { status: "open", queueId: sales.id, userId: maria.id },
      { status: "open", queueId: sales.id, userId: jose.id },
      { status: "closed", queueId: sales.id, userId: jose.id },
      { status: "pending", queueId: sales.id },
    ]);
    expectList(await s.get(`users=[${jose.id}]`), [ofJose, closedOfJose]);
    expectList(await s.get(`users=[${jose.id}]&status=open`), [ofJose]);
    expectList(await s.get(`userFilter=${maria.id}`), [ofMaria]);
    expectList(await s.get(`users=[${jose.id}]&userFilter=${maria.id}`), [ofMaria, ofJose, closedOfJose]);
    expectList(await s.get(`users=[${jose.id}]`, await s.loginAs(maria)), [ofMaria, closedOfJose, waiting]);
  });

  it("sortTickets: ASC lists oldest first, except on closed tickets and in search", async () => {
    const s = await setup();
    const [newer, older] = await seedTickets(s.pool, s.company.id, [
      { status: "pending", contactName: "Ana", ageSeconds: 10 },
      { status: "pending", contactName: "Ana", ageSeconds: 20 },
    ]);
    const [closedNewer, closedOlder] = await seedTickets(s.pool, s.company.id, [
      { status: "closed", ageSeconds: 30 },
      { status: "closed", ageSeconds: 40 },
    ]);
    expectList(await s.get("status=pending&sortTickets=ASC"), [older, newer]);
    expectList(await s.get("status=pending&sortTickets=desc"), [newer, older]);
    expectList(await s.get("status=closed&sortTickets=ASC"), [closedNewer, closedOlder]);
    expectList(await s.get("searchParam=ana&sortTickets=ASC"), [newer, older]);
    // Oldest first pages with the same keyset as newest first.
    const page = await s.get("sortTickets=ASC");
    expect(idsOf(page)).toEqual([closedOlder, closedNewer, older, newer]);
  });
});
