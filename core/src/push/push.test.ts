// Web push end to end on core: a browser's subscription saved through the API, an
// inbound message ingested, and the encrypted, VAPID-signed push arriving at a
// loopback stand-in for the push service, to the users the visibility rule allows.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { PUSH_MAX_SUBSCRIPTIONS_PER_USER, type PushPayload } from "../contract/push.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { storedSecret, VAPID_KEYS_NAME } from "../kernel/shared-secrets.ts";
import { transaction } from "../kernel/transaction.ts";
import { isAllowedPushEndpoint } from "../kernel/vapid-keys.ts";
import { type InboundMessage, ingest } from "../messages/ingest.ts";
import { setCompanySetting } from "../settings/company-settings.ts";
import { buildContact } from "../testing/factories.ts";
import {
  browserSubscription,
  type FakePushService,
  startFakePushService,
  verifyVapid,
} from "../testing/fake-push-service.ts";
import { buildInbox, type Inbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const service: FakePushService = forFile(startFakePushService, { stop: (started) => started.close() });
// Read when the core starts, after the service above.
const core = coreForFile(() => ({ pushServiceOrigins: [service.origin] }));
const s: Inbox = forFile(() => buildInbox(core));
const other: Inbox = forFile(() => buildInbox(core));
beforeEach(() => {
  service.received.length = 0;
});

type Subscription = ReturnType<typeof browserSubscription>;

/** The installation's web push public key, as core stored it in the database (decision 0095). */
const installationPublicKey = async () =>
  (JSON.parse((await storedSecret(core.db.pool, VAPID_KEYS_NAME)) as string) as { publicKey: string }).publicKey;

async function subscribe(token: string, sub: Subscription = browserSubscription(service.origin)) {
  const res = await core.api("POST", "/push/subscriptions", { token, body: sub.json });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return sub;
}

async function numberOf(contactId: number): Promise<string> {
  const { rows } = await core.db.pool.query("SELECT number FROM contacts WHERE id = $1", [contactId]);
  return rows[0].number;
}

async function inbound(o: { from: string; body: string; companyId?: number; whatsappId?: number }) {
  const event: InboundMessage = {
    kind: "message",
    companyId: o.companyId ?? s.company.id,
    whatsappId: o.whatsappId ?? s.wa.id,
    channel: "whatsappapi",
    remoteId: `wamid.${randomUUID()}`,
    from: o.from,
    body: o.body,
    mediaType: "chat",
    timestamp: new Date(),
  };
  await transaction(core.db.pool, (client) => ingest(client, [event]));
}

/** The pushes that reached one subscription, decrypted. */
function pushesTo(sub: Subscription): PushPayload[] {
  return service.received.filter((r) => r.path === sub.path).map((r) => sub.decrypt(r.body) as PushPayload);
}

async function settle() {
  // The NOTIFY reaches the dispatcher after the commit; give it its coalescing window, then wait.
  await new Promise((r) => setTimeout(r, 150));
  await core.push.idle();
}

describe("#push.publicKey", () => {
  it("answers the VAPID public key to a signed-in user only", async () => {
    const res = await core.api("GET", "/push/public-key", { token: s.agentToken });
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe(await installationPublicKey());
    expect(Buffer.from(res.body.publicKey, "base64url")).toHaveLength(65);
    expect((await core.api("GET", "/push/public-key")).status).toBe(401);
  });
});

describe("isAllowedPushEndpoint", () => {
  it("takes the listed push services only, subdomains where the origin says *.", () => {
    const origins = ["https://fcm.googleapis.com", "https://*.notify.windows.com", "http://127.0.0.1:9000"];
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", origins)).toBe(true);
    expect(isAllowedPushEndpoint("https://db5p.notify.windows.com/w/?token=x", origins)).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:9000/push/1", origins)).toBe(true);
    expect(isAllowedPushEndpoint("http://fcm.googleapis.com/fcm/send/abc", origins)).toBe(false);
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com.evil.test/x", origins)).toBe(false);
    expect(isAllowedPushEndpoint("https://notify.windows.com/x", origins)).toBe(false);
    expect(isAllowedPushEndpoint("http://127.0.0.1:9001/push/1", origins)).toBe(false);
    expect(isAllowedPushEndpoint("https://user:pw@fcm.googleapis.com/x", origins)).toBe(false);
    expect(isAllowedPushEndpoint("not a url", origins)).toBe(false);
  });
});

describe("#push.subscriptions", () => {
  const rowsOf = async (userId: number) =>
    (
      await core.db.pool.query("SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id", [userId])
    ).rows.map((r) => r.endpoint as string);

  it("refuses an endpoint off the push services, malformed keys and NUL bytes, saving nothing", async () => {
    const sub = browserSubscription(service.origin);
    const cases: unknown[] = [
      { ...sub.json, endpoint: "https://intranet.example.com/admin" },
      { ...sub.json, endpoint: "ftp://127.0.0.1/x" },
      { ...sub.json, endpoint: `${service.origin}/${"x".repeat(2100)}` },
      { ...sub.json, keys: { p256dh: "AAAA", auth: sub.json.keys.auth } },
      { ...sub.json, keys: { p256dh: sub.json.keys.p256dh, auth: "tooshort" } },
      { ...sub.json, keys: undefined },
      { ...sub.json, endpoint: `${sub.json.endpoint}\u0000` },
      "not an object",
    ];
    for (const body of cases) {
      const res = await core.api("POST", "/push/subscriptions", { token: s.agentToken, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    expect(await rowsOf(s.agent.id)).toEqual([]);
    expect((await core.api("POST", "/push/subscriptions", { body: sub.json })).status).toBe(401);
  });

  it("keeps a user's newest subscriptions only, moves a browser to whoever signs in on it, deletes only one's own", async () => {
    const subs: Subscription[] = [];
    for (let i = 0; i < PUSH_MAX_SUBSCRIPTIONS_PER_USER + 2; i++) subs.push(await subscribe(s.agentToken));
    const kept = await rowsOf(s.agent.id);
    expect(kept).toHaveLength(PUSH_MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(subs[0]!.json.endpoint);
    expect(kept).not.toContain(subs[1]!.json.endpoint);
    expect(kept).toContain(subs.at(-1)!.json.endpoint);

    // Another company's user signs in on the same browser: the endpoint is theirs now.
    const shared = subs.at(-1)!;
    await subscribe(other.adminToken, shared);
    expect(await rowsOf(s.agent.id)).not.toContain(shared.json.endpoint);
    expect(await rowsOf(other.admin.id)).toEqual([shared.json.endpoint]);

    const del = (token: string, endpoint: string) =>
      core.api("DELETE", `/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { token });
    // Someone else's endpoint is not found, whichever company.
    expect((await del(s.agentToken, shared.json.endpoint)).status).toBe(404);
    expect((await del(s.adminToken, subs.at(-2)!.json.endpoint)).status).toBe(404);
    expect((await del(other.adminToken, shared.json.endpoint)).status).toBe(204);
    expect(await rowsOf(other.admin.id)).toEqual([]);
    expect((await del(s.agentToken, subs.at(-2)!.json.endpoint)).status).toBe(204);
    // Ten kept, one moved to the other company's admin, one deleted.
    expect(await rowsOf(s.agent.id)).toHaveLength(PUSH_MAX_SUBSCRIPTIONS_PER_USER - 2);
    await core.db.pool.query("DELETE FROM push_subscriptions");
  });
});

describe("#push.dispatch", () => {
  let admin: Subscription;
  let agent: Subscription;
  let foreign: Subscription;
  forFile(async () => {
    admin = await subscribe(s.adminToken);
    agent = await subscribe(s.agentToken);
    foreign = await subscribe(other.adminToken);
  });

  it("sends the admin an encrypted, VAPID-signed push for a message on their ticket, and nobody else", async () => {
    await inbound({ from: await numberOf(s.contact.id), body: "Oi, o pedido chegou?" });
    await settle();

    expect(pushesTo(admin)).toEqual([
      {
        title: "Carla Contact",
        body: "Oi, o pedido chegou?",
        url: `/tickets/${s.ticket.uuid}`,
        tag: `ticket-${s.ticket.uuid}`,
      },
    ]);
    // The agent may not see a colleague's chat in progress; the other company hears nothing.
    expect(pushesTo(agent)).toEqual([]);
    expect(pushesTo(foreign)).toEqual([]);

    const [request] = service.received;
    expect(request?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0);
    expect(request?.headers.topic).toBe(s.ticket.uuid.replaceAll("-", ""));
    const claims = await verifyVapid(request?.headers.authorization, await installationPublicKey());
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe("mailto:admin@chatflow.local");
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("tells the agent once the ticket is theirs, and never twice for a message logged again", async () => {
    await core.db.pool.query("UPDATE tickets SET user_id = $2 WHERE id = $1", [s.ticket.id, s.agent.id]);
    await inbound({ from: await numberOf(s.contact.id), body: "Alguém aí?" });
    await settle();
    expect(pushesTo(agent).map((p) => p.body)).toEqual(["Alguém aí?"]);
    expect(pushesTo(admin)).toEqual([]);

    // The same message changes again (a transcription, say): it was announced already.
    const { rows } = await core.db.pool.query(
      "SELECT id FROM messages WHERE ticket_id = $1 AND body = 'Alguém aí?' AND company_id = $2",
      [s.ticket.id, s.company.id],
    );
    await transaction(core.db.pool, (client) =>
      recordChanges(client, [{ companyId: s.company.id, entity: "messages", id: rows[0].id }]),
    );
    await settle();
    expect(pushesTo(agent)).toHaveLength(1);
    await core.db.pool.query("UPDATE tickets SET user_id = $2 WHERE id = $1", [s.ticket.id, s.admin.id]);
  });

  it("announces a pending ticket only with showNotificationPending on, to those who may see it", async () => {
    const number = "5511977776666";
    await inbound({ from: number, body: "Primeira mensagem" });
    await settle();
    expect(service.received).toHaveLength(0);

    await setCompanySetting(core.db.pool, s.company.id, "showNotificationPending", "true");
    await inbound({ from: number, body: "Segunda mensagem" });
    await settle();
    // A new contact's ticket has no queue: the admin sees it, the agent (no allTicket) does not.
    expect(pushesTo(admin).map((p) => [p.title, p.body])).toEqual([[number, "Segunda mensagem"]]);
    expect(pushesTo(agent)).toEqual([]);
    await setCompanySetting(core.db.pool, s.company.id, "showNotificationPending", "false");
  });

  it("masks the number of a contact without a name for a plain user when LGPD hides numbers", async () => {
    const number = "5511955554444";
    const { id: contactId } = await buildContact(core.db.pool, { companyId: s.company.id, number, name: number });
    const { rows } = await core.db.pool.query<{ uuid: string }>(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel)
       VALUES ($1, $2, $3, 'open', $4, $5, 'whatsappapi') RETURNING uuid`,
      [s.company.id, contactId, s.wa.id, s.agent.id, s.queue.id],
    );
    await setCompanySetting(core.db.pool, s.company.id, "enableLGPD", "enabled");
    await setCompanySetting(core.db.pool, s.company.id, "lgpdHideNumber", "enabled");
    await inbound({ from: number, body: "sem nome" });
    await settle();
    expect(pushesTo(agent)).toEqual([
      { title: "5511*******44", body: "sem nome", url: `/tickets/${rows[0]!.uuid}`, tag: `ticket-${rows[0]!.uuid}` },
    ]);
    await setCompanySetting(core.db.pool, s.company.id, "lgpdHideNumber", "disabled");
  });

  it("deletes a subscription the push service calls gone (410)", async () => {
    service.answer.set(admin.path, 410);
    await inbound({ from: await numberOf(s.contact.id), body: "vai para um navegador que saiu" });
    await settle();
    expect(pushesTo(admin)).toHaveLength(1);
    const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = $1", [
      admin.json.endpoint,
    ]);
    expect(rows[0].n).toBe(0);

    await inbound({ from: await numberOf(s.contact.id), body: "e depois" });
    await settle();
    expect(pushesTo(admin)).toHaveLength(1);
    admin = await subscribe(s.adminToken);
  });

  it("never makes ingest wait for a slow push service", async () => {
    service.delay.set(admin.path, 2_500);
    const started = Date.now();
    await inbound({ from: await numberOf(s.contact.id), body: "rápido" });
    const took = Date.now() - started;
    expect(took).toBeLessThan(2_000);
    await settle();
    expect(pushesTo(admin).map((p) => p.body)).toEqual(["rápido"]);
    service.delay.delete(admin.path);
  }, 15_000);

  it("looks again at a company another core was reading, so a message arriving meanwhile is not left behind", async () => {
    // Another core holds the company's cursor (its pass may have read the log before this message).
    let release = () => {};
    const held = transaction(core.db.pool, async (client) => {
      await client.query("SELECT 1 FROM push_cursors WHERE company_id = $1 FOR UPDATE", [s.company.id]);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((r) => setTimeout(r, 50));
    await inbound({ from: await numberOf(s.contact.id), body: "enquanto o outro lia" });
    await settle();
    expect(pushesTo(admin)).toEqual([]);
    release();
    await held;
    await expect.poll(() => pushesTo(admin).map((p) => p.body), { timeout: 5_000 }).toEqual(["enquanto o outro lia"]);
  });

  it("stops once the user's session ends: a browser signed out gets nothing", async () => {
    await core.db.pool.query("UPDATE tickets SET user_id = $2 WHERE id = $1", [s.ticket.id, s.agent.id]);
    await inbound({ from: await numberOf(s.contact.id), body: "antes de sair" });
    await settle();
    expect(pushesTo(agent).map((p) => p.body)).toEqual(["antes de sair"]);

    expect((await core.api("DELETE", "/auth/logout", { token: s.agentToken })).status).toBe(204);
    await inbound({ from: await numberOf(s.contact.id), body: "depois de sair" });
    await settle();
    expect(pushesTo(agent).map((p) => p.body)).toEqual(["antes de sair"]);
  });
});
