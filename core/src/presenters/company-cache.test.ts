// The company cache behind GET /tickets (decision 0125): the names a list item shows and the company's settings are
// kept between requests, and every change, by any path or plain SQL, is seen on the next page once its NOTIFY
// arrives. A long ttl: anything fresh these tests see came from an eviction (or a row the cache lacked), not expiry.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany, buildQueue, buildWhatsapp } from "../testing/factories.ts";
import { settingForTest } from "../testing/flags.ts";
import { coreForFile } from "../testing/test-world.ts";
import { rateTicket, seedTickets, tagTicket } from "../testing/ticket-list-factories.ts";
import { signedIn } from "../testing/users-factories.ts";
import { CompanyCache } from "./company-cache.ts";

const core = coreForFile({ actorCacheMs: 60_000 });

type Item = {
  id: number;
  lastMessage: string;
  unreadMessages: number;
  rating: number | null;
  userRating: { rate: number } | null;
  tagIds: number[];
  queue: { name: string } | null;
  user: { name: string } | null;
  whatsapp: { name: string } | null;
  tags: { id: number; name: string }[];
  contact: { name: string; number: string };
};
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 20 });

async function setup() {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const admin = await signedIn(core, { companyId: company.id, profile: "admin", name: "Ana" });
  const queue = await buildQueue(pool, { companyId: company.id, name: "Vendas" });
  const wa = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp" });
  const [ticket] = await seedTickets(pool, company.id, [
    { status: "open", queueId: queue.id, userId: admin.id, whatsappId: wa.id, contactName: "Maria" },
  ]);
  const tag = await buildTag(pool, { companyId: company.id, name: "VIP" });
  await tagTicket(pool, company.id, ticket!, tag.id);
  const item = async (token = admin.token) => {
    const res = await core.api("GET", "/tickets?status=open&showAll=true", { token });
    expect(res.status).toBe(200);
    return (res.body.tickets as Item[]).find((t) => t.id === ticket)!;
  };
  return { pool, company, admin, queue, wa, ticket: ticket!, tag, item };
}

describe("company cache (GET /tickets)", () => {
  it("keeps the names between requests: a rename no trigger reports is not seen", async () => {
    const s = await setup();
    expect((await s.item()).tags.map((t) => t.name)).toEqual(["VIP"]);
    await s.pool.query("ALTER TABLE tags DISABLE TRIGGER tags_notify");
    try {
      await s.pool.query("UPDATE tags SET name = 'Ouro' WHERE id = $1", [s.tag.id]);
      expect((await s.item()).tags.map((t) => t.name)).toEqual(["VIP"]);
    } finally {
      await s.pool.query("ALTER TABLE tags ENABLE TRIGGER tags_notify");
    }
  });

  it("shows a renamed tag, connection, queue and owner on the next page", async () => {
    const s = await setup();
    await s.item();
    await s.pool.query("UPDATE tags SET name = 'Ouro' WHERE id = $1", [s.tag.id]);
    await s.pool.query("UPDATE whatsapps SET name = 'Loja' WHERE id = $1", [s.wa.id]);
    await s.pool.query("UPDATE queues SET name = 'Suporte' WHERE id = $1", [s.queue.id]);
    await s.pool.query("UPDATE users SET name = 'Ana Maria' WHERE id = $1", [s.admin.id]);
    await eventually(async () => {
      expect(await s.item()).toMatchObject({
        tags: [{ name: "Ouro" }],
        whatsapp: { name: "Loja" },
        queue: { name: "Suporte" },
        user: { name: "Ana Maria" },
      });
    });
  });

  it("names a tag, queue or connection made after the names were kept, on the very next page", async () => {
    const s = await setup();
    await s.item();
    const tag = await buildTag(s.pool, { companyId: s.company.id, name: "Novo" });
    await tagTicket(s.pool, s.company.id, s.ticket, tag.id);
    const queue = await buildQueue(s.pool, { companyId: s.company.id, name: "Nova fila" });
    const wa = await buildWhatsapp(s.pool, { companyId: s.company.id, channel: "whatsapp" });
    await s.pool.query("UPDATE tickets SET queue_id = $2, whatsapp_id = $3 WHERE id = $1", [s.ticket, queue.id, wa.id]);
    const { rows } = await s.pool.query<{ name: string }>("SELECT name FROM whatsapps WHERE id = $1", [wa.id]);
    const item = await s.item();
    expect(item.tags.map((t) => t.name)).toEqual(["Novo", "VIP"]);
    expect(item.queue?.name).toBe("Nova fila");
    expect(item.whatsapp?.name).toBe(rows[0]!.name);
  });

  it("writes an item again once its ticket, contact, tags or rating changed, on the very next page", async () => {
    const s = await setup();
    await s.item();
    await s.pool.query("UPDATE tickets SET last_message = 'nova', unread_messages = 3 WHERE id = $1", [s.ticket]);
    expect(await s.item()).toMatchObject({ lastMessage: "nova", unreadMessages: 3 });
    await s.pool.query(
      "UPDATE contacts SET name = 'Maria Clara' WHERE id = (SELECT contact_id FROM tickets WHERE id = $1)",
      [s.ticket],
    );
    expect((await s.item()).contact).toMatchObject({ name: "Maria Clara" });
    await rateTicket(s.pool, { companyId: s.company.id, ticketId: s.ticket, rate: 3 });
    expect(await s.item()).toMatchObject({ rating: 3, userRating: { rate: 3 } });
    await s.pool.query("DELETE FROM ticket_tags WHERE ticket_id = $1", [s.ticket]);
    expect(await s.item()).toMatchObject({ tags: [], tagIds: [] });
  });

  it("masks numbers for a plain user once the company turns LGPD hiding on, and shows them once it is off", async () => {
    const s = await setup();
    const agent = await signedIn(core, { companyId: s.company.id, profile: "user" });
    await s.pool.query("UPDATE users SET all_user_chat = 'enabled' WHERE id = $1", [agent.id]);
    await s.pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      agent.id,
      s.queue.id,
      s.company.id,
    ]);
    const number = async () => (await s.item(agent.token)).contact.number;
    const whole = await number();
    expect(whole).not.toContain("*");
    await settingForTest(s.pool, s.company.id, "enableLGPD", "enabled");
    await settingForTest(s.pool, s.company.id, "lgpdHideNumber", "enabled");
    await eventually(async () => expect(await number()).toContain("*"));
    await s.pool.query("DELETE FROM settings WHERE company_id = $1 AND key = 'lgpdHideNumber'", [s.company.id]);
    await eventually(async () => expect(await number()).toBe(whole));
  });
});

describe("CompanyCache", () => {
  it("keeps a company's rows for its lifetime, then drops them once another company is read", async () => {
    const pool = core.db.pool;
    const cache = new CompanyCache(100);
    await cache.start(core.databaseUrl);
    onTestFinished(() => cache.stop());
    const [a, b] = [await buildCompany(pool), await buildCompany(pool)];
    const first = await cache.companyReferences(pool, a.id);
    expect(await cache.companyReferences(pool, a.id)).toBe(first);
    await sleep(150);
    await cache.companyReferences(pool, b.id);
    expect(cache.size()).toBe(1);
    expect(await cache.companyReferences(pool, a.id)).not.toBe(first);
  });

  it("keeps nothing with a lifetime of 0", async () => {
    const cache = new CompanyCache(0);
    await cache.start(core.databaseUrl);
    const company = await buildCompany(core.db.pool);
    const first = await cache.companyReferences(core.db.pool, company.id);
    expect(await cache.companyReferences(core.db.pool, company.id)).not.toBe(first);
    expect(cache.size()).toBe(0);
  });
});
