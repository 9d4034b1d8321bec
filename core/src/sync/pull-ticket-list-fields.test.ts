// The replica's ticket rows carry what the PWA's list item and filters read (spec 1 §2): the
// ticket's tag ids and its latest rating, on a first pull and on every later one; and a
// private note never becomes the list's preview of the conversation.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildContact } from "../testing/factories.ts";
import { buildAttendedTicket } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { rateTicket } from "../testing/ticket-list-factories.ts";

const core = coreForFile();

const setup = () => buildAttendedTicket(core);

type PulledTicket = { id: number; tagIds: number[]; rating: number | null; lastMessage: string };

describe("#sync.pull ticket list fields", () => {
  it("carries the ticket's tag ids and latest rating, first and after a change", async () => {
    const s = await setup();
    const first = await core.api("GET", "/sync/pull", { token: s.token });
    expect(first.body.put.tickets).toEqual([expect.objectContaining({ id: s.ticket.id, tagIds: [], rating: null })]);

    const a = await buildTag(core.db.pool, { companyId: s.company.id });
    const b = await buildTag(core.db.pool, { companyId: s.company.id });
    for (const tag of [b, a]) {
      const put = await core.api("PUT", `/ticket-tags/${s.ticket.id}/${tag.id}`, { token: s.token });
      expect(put.status).toBeLessThan(300);
    }
    await rateTicket(core.db.pool, { companyId: s.company.id, ticketId: s.ticket.id, rate: 2, secondsAgo: 60 });
    await rateTicket(core.db.pool, { companyId: s.company.id, ticketId: s.ticket.id, rate: 5 });

    const next = await core.api("GET", `/sync/pull?cursor=${first.body.cursor}`, { token: s.token });
    const row = (next.body.put.tickets as PulledTicket[]).find((t) => t.id === s.ticket.id);
    expect(row).toMatchObject({ tagIds: [a.id, b.id].sort((x, y) => x - y), rating: 5 });

    const again = await core.api("GET", "/sync/pull", { token: s.token });
    expect((again.body.put.tickets as PulledTicket[])[0]).toMatchObject({ rating: 5 });

    const list = await core.api("GET", "/tickets?status=open&showAll=true", { token: s.token });
    expect(list.body.tickets[0]).toMatchObject({ id: s.ticket.id, rating: 5, userRating: { rate: 5 } });
    expect([...list.body.tickets[0].tagIds].sort()).toEqual([a.id, b.id].sort());
  });

  it("brings a new ticket's contact with it, though the contact did not change", async () => {
    const s = await setup();
    const first = await core.api("GET", "/sync/pull", { token: s.token });
    const other = await buildContact(core.db.pool, { companyId: s.company.id, name: "Novo Cliente" });
    const wa = await core.db.pool.query<{ id: number }>("SELECT whatsapp_id AS id FROM tickets WHERE id = $1", [
      s.ticket.id,
    ]);
    const queue = await core.db.pool.query<{ id: number }>(
      "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Vendas', '#ff0000') RETURNING id",
      [s.company.id],
    );
    const created = await core.api("POST", "/tickets", {
      token: s.token,
      body: { contactId: other.id, whatsappId: wa.rows[0]!.id, queueId: queue.rows[0]!.id, status: "open" },
    });
    expect(created.status).toBe(201);
    const next = await core.api("GET", `/sync/pull?cursor=${first.body.cursor}`, { token: s.token });
    expect(next.body.put.tickets.map((t: PulledTicket) => t.id)).toContain(created.body.id);
    expect(next.body.put.contacts).toEqual([expect.objectContaining({ id: other.id, name: "Novo Cliente" })]);
  });

  it("keeps the customer's last message as the preview when a reply or a private note is written", async () => {
    const s = await setup();
    await core.db.pool.query("UPDATE tickets SET last_message = 'Bom dia!' WHERE id = $1", [s.ticket.id]);
    const push = (id: number, body: string, isPrivate: boolean) =>
      core.api("POST", "/sync/push", {
        token: s.token,
        body: {
          clientId: `client-${randomUUID()}`,
          mutations: [{ id, name: "sendMessage", args: { id: randomUUID(), ticketId: s.ticket.id, body, isPrivate } }],
        },
      });
    expect((await push(1, "Olá, em que posso ajudar?", false)).body.results[0].ok).toBe(true);
    expect((await push(1, "nota interna: cliente difícil", true)).body.results[0].ok).toBe(true);
    const pulled = await core.api("GET", "/sync/pull", { token: s.token });
    expect((pulled.body.put.tickets as PulledTicket[])[0]!.lastMessage).toBe("Bom dia!");
  });
});
