// Inbound messages of a blocked contact (active false): no new ticket and the
// message dropped, unless the contact already has a ticket in progress, which
// keeps taking its messages.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { changesAfter, lastSeq } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { type InboundMessage, ingest } from "./ingest.ts";

const core = coreForFile();
const w = forFile(async () => {
  const companyId = (await buildCompany(core.db.pool)).id;
  const whatsappId = (await buildWhatsapp(core.db.pool, { companyId })).id;
  return { companyId, whatsappId };
});

let n = 0;
/** A known contact of the company, blocked unless told otherwise. */
async function contact(o: { blocked?: boolean } = {}) {
  const number = `5531${String(700000000 + ++n)}`;
  const { id } = await buildContact(core.db.pool, { companyId: w.companyId, number });
  if (o.blocked !== false) await core.db.pool.query("UPDATE contacts SET active = false WHERE id = $1", [id]);
  return { id, number };
}

const says = (from: string, body: string, remoteId = `wamid.${randomUUID()}`): InboundMessage => ({
  kind: "message",
  companyId: w.companyId,
  whatsappId: w.whatsappId,
  channel: "whatsappapi",
  remoteId,
  from,
  body,
  mediaType: "chat",
  timestamp: new Date(),
});

const deliver = (...events: InboundMessage[]) => transaction(core.db.pool, (client) => ingest(client, events));

async function ticketsOf(contactId: number) {
  const { rows } = await core.db.pool.query<{ id: number; status: string; unread: number; last: string }>(
    `SELECT id, status, unread_messages AS unread, last_message AS last FROM tickets
     WHERE contact_id = $1 ORDER BY id`,
    [contactId],
  );
  return rows;
}

async function bodiesOf(contactId: number) {
  const { rows } = await core.db.pool.query<{ body: string; ticket_id: number }>(
    "SELECT body, ticket_id FROM messages WHERE contact_id = $1 ORDER BY created_at, body",
    [contactId],
  );
  return rows;
}

describe("#ingest from a blocked contact", () => {
  it("opens no ticket and keeps no message when the contact has no ticket in progress", async () => {
    const c = await contact();
    const seq = await lastSeq(core.db.pool, w.companyId);

    const result = await deliver(says(c.number, "oi"));

    expect(result).toEqual({ messages: 0, duplicates: 0, acks: 0, blocked: 1 });
    expect(await ticketsOf(c.id)).toEqual([]);
    expect(await bodiesOf(c.id)).toEqual([]);
    // Nothing changed, so no PWA is told of anything.
    expect(await changesAfter(core.db.pool, w.companyId, seq)).toEqual([]);
  });

  it("does not reopen a closed ticket nor open a new one", async () => {
    const c = await contact();
    const closed = await buildTicket(core.db.pool, {
      companyId: w.companyId,
      contactId: c.id,
      whatsappId: w.whatsappId,
      status: "closed",
    });

    await deliver(says(c.number, "alguém aí?"));

    expect((await ticketsOf(c.id)).map((t) => [t.id, t.status])).toEqual([[closed.id, "closed"]]);
    expect(await bodiesOf(c.id)).toEqual([]);
  });

  it("keeps writing into the ticket already in progress", async () => {
    const c = await contact();
    const open = await buildTicket(core.db.pool, {
      companyId: w.companyId,
      contactId: c.id,
      whatsappId: w.whatsappId,
      status: "open",
    });
    const seq = await lastSeq(core.db.pool, w.companyId);

    const result = await deliver(says(c.number, "primeira"), says(c.number, "segunda"));

    expect(result).toMatchObject({ messages: 2, blocked: 0 });
    expect(await ticketsOf(c.id)).toEqual([{ id: open.id, status: "open", unread: 2, last: "segunda" }]);
    expect(await bodiesOf(c.id)).toEqual([
      { body: "primeira", ticket_id: open.id },
      { body: "segunda", ticket_id: open.id },
    ]);
    expect(await changesAfter(core.db.pool, w.companyId, seq)).toContain(`tickets:${open.id}`);
  });

  it("drops a redelivered message again, and takes it once the contact is unblocked", async () => {
    const c = await contact();
    const message = says(c.number, "de novo", "wamid.redelivered-1");

    expect(await deliver(message)).toMatchObject({ messages: 0, blocked: 1 });
    expect(await deliver(message)).toMatchObject({ messages: 0, duplicates: 0, blocked: 1 });
    expect(await ticketsOf(c.id)).toEqual([]);

    await core.db.pool.query("UPDATE contacts SET active = true WHERE id = $1", [c.id]);
    expect(await deliver(message)).toMatchObject({ messages: 1, blocked: 0 });
    const [ticket] = await ticketsOf(c.id);
    expect(ticket).toMatchObject({ status: "pending", unread: 1, last: "de novo" });
    expect(await bodiesOf(c.id)).toEqual([{ body: "de novo", ticket_id: ticket!.id }]);
  });

  it("in a mixed batch, blocks only the blocked contacts without a ticket in progress", async () => {
    const fresh = `5531${String(800000000 + ++n)}`;
    const known = await contact({ blocked: false });
    const blockedAlone = await contact();
    const blockedAttended = await contact();
    const open = await buildTicket(core.db.pool, {
      companyId: w.companyId,
      contactId: blockedAttended.id,
      whatsappId: w.whatsappId,
      status: "open",
    });
    const twice = says(known.number, "repetida");
    const batch = [
      says(fresh, "sou nova"),
      twice,
      says(blockedAlone.number, "bloqueada"),
      says(blockedAttended.number, "em atendimento"),
      twice,
    ];

    const result = await deliver(...batch);

    expect(result).toEqual({ messages: 3, duplicates: 1, acks: 0, blocked: 1 });
    const { rows } = await core.db.pool.query<{ id: number }>(
      "SELECT id FROM contacts WHERE company_id = $1 AND number = $2",
      [w.companyId, fresh],
    );
    expect(await ticketsOf(rows[0]!.id)).toMatchObject([{ status: "pending", unread: 1 }]);
    expect(await ticketsOf(known.id)).toMatchObject([{ status: "pending", unread: 1, last: "repetida" }]);
    expect(await bodiesOf(known.id)).toHaveLength(1);
    expect(await ticketsOf(blockedAlone.id)).toEqual([]);
    expect(await bodiesOf(blockedAlone.id)).toEqual([]);
    expect(await bodiesOf(blockedAttended.id)).toEqual([{ body: "em atendimento", ticket_id: open.id }]);

    // The whole batch delivered again: what was stored is a duplicate, the blocked one is dropped again.
    const again = await deliver(...batch);
    expect(again).toEqual({ messages: 0, duplicates: 4, acks: 0, blocked: 1 });
    expect(await ticketsOf(blockedAlone.id)).toEqual([]);
    expect(await bodiesOf(blockedAttended.id)).toHaveLength(1);
  });
});
