// Cloud API inbound goes through core's webhook (not through an adapter):
// signed deliveries become contacts, tickets and messages once; statuses raise acks.
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "./testing/cloud-webhook.ts";
import { startFakeGraphApi } from "./testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "./testing/outbound-fixtures.ts";
import { startWorker } from "./worker.ts";

const core = coreForFile();

const APP_SECRET = "inbound-app-secret";
let seq = 0;

async function cloudConnection() {
  const company = await buildCompany(core.db.pool);
  const phoneNumberId = `77${Date.now() % 1_000_000}${++seq}`;
  const wa = await buildWhatsapp(core.db.pool, { companyId: company.id, phoneNumberId, appSecret: APP_SECRET });
  return { companyId: company.id, whatsappId: wa.id, phoneNumberId };
}

function textDelivery(phoneNumberId: string, o: { from: string; wamid: string; text: string; name?: string }) {
  return cloudDelivery(phoneNumberId, {
    contacts: [{ profile: { name: o.name ?? "Maria" }, wa_id: o.from }],
    messages: [{ from: o.from, id: o.wamid, timestamp: "1718000000", type: "text", text: { body: o.text } }],
  });
}

function statusDelivery(phoneNumberId: string, wamid: string, status: string) {
  return cloudDelivery(phoneNumberId, {
    statuses: [{ id: wamid, status, timestamp: "1718000001", recipient_id: "5511" }],
  });
}

async function post(payload: unknown, secret = APP_SECRET) {
  const res = await postSigned(core.url, payload, secret);
  return { status: res.status, body: await res.json() };
}

async function counts(companyId: number) {
  const { rows } = await core.db.pool.query(
    `SELECT (SELECT count(*)::int FROM contacts WHERE company_id = $1) AS contacts,
            (SELECT count(*)::int FROM tickets WHERE company_id = $1) AS tickets,
            (SELECT count(*)::int FROM messages WHERE company_id = $1) AS messages`,
    [companyId],
  );
  return rows[0] as { contacts: number; tickets: number; messages: number };
}

describe("#webhooks.whatsapp", () => {
  it("refuses a delivery with a bad signature and writes nothing", async () => {
    const c = await cloudConnection();
    const before = await counts(c.companyId);
    const payload = textDelivery(c.phoneNumberId, { from: "5511988887777", wamid: "wamid.BAD1", text: "forged" });
    const res = await post(payload, "not-the-app-secret");
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("ERR_INVALID_SIGNATURE");
    expect(await counts(c.companyId)).toEqual(before);
  });

  it("creates the contact, a pending ticket and the message once, even when delivered twice", async () => {
    const c = await cloudConnection();
    const payload = textDelivery(c.phoneNumberId, {
      from: "5511977776666",
      wamid: "wamid.IN1",
      text: "Preciso de ajuda",
      name: "Joana",
    });
    expect((await post(payload)).status).toBe(200);
    expect((await post(payload)).status).toBe(200);
    expect(await counts(c.companyId)).toEqual({ contacts: 1, tickets: 1, messages: 1 });
    const { rows } = await core.db.pool.query(
      `SELECT ct.name, ct.number, t.status, t.whatsapp_id, t.unread_messages, t.last_message,
              m.body, m.from_me, m.remote_id
       FROM messages m JOIN tickets t ON t.id = m.ticket_id JOIN contacts ct ON ct.id = m.contact_id
       WHERE m.company_id = $1`,
      [c.companyId],
    );
    expect(rows).toEqual([
      {
        name: "Joana",
        number: "5511977776666",
        status: "pending",
        whatsapp_id: c.whatsappId,
        unread_messages: 1,
        last_message: "Preciso de ajuda",
        body: "Preciso de ajuda",
        from_me: false,
        remote_id: "wamid.IN1",
      },
    ]);
  });

  it("raises a sent message's ack on delivered and read, never lowering it", async () => {
    const s = await setupCloudConnection(core.db.pool);
    const fake = await startFakeGraphApi();
    const worker = await startWorker({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, ...TEST_WORKER });
    const id = await s.enqueue("Seu pedido saiu");
    try {
      await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "sent", "the reply to go out");
    } finally {
      await worker.stop();
      await fake.close();
    }
    expect(await messageState(core.db.pool, id)).toMatchObject({ ack: 1, remote_id: "wamid.FAKE1" });
    expect((await post(statusDelivery(s.phoneNumberId, "wamid.FAKE1", "delivered"), "app-secret")).status).toBe(200);
    expect((await messageState(core.db.pool, id)).ack).toBe(2);
    expect((await post(statusDelivery(s.phoneNumberId, "wamid.FAKE1", "read"), "app-secret")).status).toBe(200);
    expect((await messageState(core.db.pool, id)).ack).toBe(3);
    // Meta may deliver statuses out of order: a late "delivered" does not undo "read".
    await post(statusDelivery(s.phoneNumberId, "wamid.FAKE1", "delivered"), "app-secret");
    expect((await messageState(core.db.pool, id)).ack).toBe(3);
  });
});
