// The ticket list's preview is the customer's last message (issue 21, decision 0089): not an agent's reply with
// its signature, not a message sent from the phone; and a deleted text never stays in it nor on /moments.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { type InboundEvent, type InboundMessage, ingest } from "../messages/ingest.ts";
import { buildContact } from "../testing/factories.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));

let n = 0;
/** A new customer of the inbox's company, who writes on its connection. */
async function customer() {
  const number = `5531${String(800000000 + ++n)}`;
  await buildContact(core.db.pool, { companyId: s.company.id, number, name: `Cliente ${n}` });
  const says = (body: string, o: { fromMe?: boolean; remoteId?: string } = {}): InboundMessage => ({
    kind: "message",
    companyId: s.company.id,
    whatsappId: s.wa.id,
    channel: "whatsapp",
    remoteId: o.remoteId ?? `wamid.${randomUUID()}`,
    from: number,
    body,
    mediaType: "chat",
    fromMe: o.fromMe,
    timestamp: new Date(),
  });
  return { number, says };
}

const deliver = (...events: InboundEvent[]) => transaction(core.db.pool, (client) => ingest(client, events));

async function ticketOf(number: string) {
  const { rows } = await core.db.pool.query<{ id: number; last: string }>(
    `SELECT t.id, t.last_message AS last FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE c.company_id = $1 AND c.number = $2`,
    [s.company.id, number],
  );
  return rows[0]!;
}

/** The admin takes the conversation, so a reply may go out (decision 0033). */
const attend = (ticketId: number) =>
  core.db.pool.query("UPDATE tickets SET status = 'open', user_id = $2, queue_id = $3 WHERE id = $1", [
    ticketId,
    s.admin.id,
    s.queue.id,
  ]);

const reply = (ticketId: number, body: string) =>
  core.api("POST", `/messages/${ticketId}`, { token: s.adminToken, body: { body, fromMe: true, read: true } });

describe("#tickets preview", () => {
  it("is the customer's last message: an agent's signed reply and a message from the phone leave it", async () => {
    const c = await customer();
    await deliver(c.says("Oi, quero *pedir* uma pizza"));
    const t = await ticketOf(c.number);
    expect(t.last).toBe("Oi, quero *pedir* uma pizza");
    await attend(t.id);

    const sent = await reply(t.id, "*Ana Admin:*\nClaro! Qual sabor?");
    expect(sent.status).toBe(200);
    await deliver(c.says("Já te mando o endereço", { fromMe: true }));
    expect((await ticketOf(c.number)).last).toBe("Oi, quero *pedir* uma pizza");

    await deliver(c.says("Calabresa"));
    expect((await ticketOf(c.number)).last).toBe("Calabresa");
    // What the list reads (GET /tickets) is the same column.
    const list = await core.api("GET", "/tickets?status=open&showAll=true", { token: s.adminToken });
    const item = list.body.tickets.find((x: { id: number }) => x.id === t.id);
    expect(item.lastMessage).toBe("Calabresa");
  });

  it("drops a message the customer deletes: the one before takes its place, and no text stays on /moments", async () => {
    const c = await customer();
    const first = `wamid.${randomUUID()}`;
    const second = `wamid.${randomUUID()}`;
    await deliver(c.says("Bom dia", { remoteId: first }));
    await deliver(c.says("meu cartão é 1234 5678", { remoteId: second }));
    const t = await ticketOf(c.number);
    expect(t.last).toBe("meu cartão é 1234 5678");

    await deliver({ kind: "revoke", companyId: s.company.id, whatsappId: s.wa.id, remoteId: second });
    expect((await ticketOf(c.number)).last).toBe("Bom dia");
    const moments = await core.api("GET", "/dashboard/moments", { token: s.adminToken });
    expect(moments.status).toBe(200);
    expect(JSON.stringify(moments.body)).not.toContain("1234 5678");
    // The ticket's change reaches the replicas, so the PWA's list drops the text too.
    const logged = await core.db.pool.query(
      "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = 'tickets' AND entity_id = $2",
      [s.company.id, String(t.id)],
    );
    expect(logged.rows[0].n).toBeGreaterThan(0);

    await deliver({ kind: "revoke", companyId: s.company.id, whatsappId: s.wa.id, remoteId: first });
    expect((await ticketOf(c.number)).last).toBe("");
  });

  it("shows the customer's edit of their last message", async () => {
    const c = await customer();
    const remoteId = `wamid.${randomUUID()}`;
    await deliver(c.says("quero 2 unidades", { remoteId }));
    await deliver({ kind: "edit", companyId: s.company.id, whatsappId: s.wa.id, remoteId, body: "quero 3 unidades" });
    expect((await ticketOf(c.number)).last).toBe("quero 3 unidades");
  });

  it("puts a preview written before the rule back in step when the agent deletes that reply", async () => {
    const c = await customer();
    await deliver(c.says("Qual o prazo?"));
    const t = await ticketOf(c.number);
    await attend(t.id);
    const sent = await reply(t.id, "*Ana Admin:*\nAté sexta");
    const id = sent.body.messages[0].id as string;
    // A ticket stored before decision 0089 carries the agent's text as its preview.
    await core.db.pool.query("UPDATE tickets SET last_message = '*Ana Admin:*\nAté sexta' WHERE id = $1", [t.id]);

    const res = await core.api("DELETE", `/messages/${id}`, { token: s.adminToken });
    expect(res.status).toBe(200);
    expect((await ticketOf(c.number)).last).toBe("Qual o prazo?");
  });
});
