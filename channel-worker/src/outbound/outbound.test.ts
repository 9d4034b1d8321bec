import { randomUUID } from "node:crypto";
import { type DeliveryFailure, deliveryFailureOf } from "@chatflow/core/contract/delivery-failure.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { afterEach, describe, expect, it } from "vitest";
import { fakeGraphApiForFile, sentTexts, startFakeGraphApi } from "../testing/fake-graph-api.ts";
import {
  changeLogEntries,
  messageState,
  setupCloudConnection,
  TEST_WORKER,
  waitFor,
} from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await fake.reopen(); // a test may have left it closed
});

const start = (graphApiUrl = fake.url) => startWorker({ databaseUrl: db.url, graphApiUrl, ...TEST_WORKER });

describe("#outbound.send", () => {
  it("sends a queued reply once and records the wamid, ack 1 and a change-log entry", async () => {
    const c = await setupCloudConnection(db.pool);
    worker = await start();
    const id = await c.enqueue("Olá, tudo bem?");
    const sent = await waitFor(async () => {
      const m = await messageState(db.pool, id);
      return m.send_state === "sent" ? m : null;
    }, "the message to be sent");

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe(`/v21.0/${c.phoneNumberId}/messages`);
    expect(req.authorization).toBe(`Bearer ${c.accessToken}`);
    expect(req.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: c.contactNumber,
      type: "text",
      text: { body: "Olá, tudo bem?" },
      biz_opaque_callback_data: id,
    });
    expect(sent).toMatchObject({ ack: 1, remote_id: "wamid.FAKE1", error_code: null, send_attempts: 1 });
    expect(sent.claimed_by).toBe(worker.workerId);
    // enqueued, claimed, sending, sent: every change reaches the PWAs.
    expect(await changeLogEntries(db.pool, id)).toBe(4);
    // Nothing more goes out: a later claim round finds the queue empty.
    await worker.drained();
    expect(fake.requests).toHaveLength(1);
  });

  it("fails a message the Graph API refuses (4xx) with ERR_SENDING_WAPP_MSG and goes on with the next", async () => {
    const c = await setupCloudConnection(db.pool);
    fake.reply = (req) =>
      req.body.text?.body === "refused"
        ? { status: 400, body: { error: { message: "(#131009) Parameter value is not valid", code: 131009 } } }
        : undefined;
    const refused = await c.enqueue("refused");
    const next = await c.enqueue("next");
    worker = await start();
    await waitFor(async () => (await messageState(db.pool, next)).send_state === "sent", "the next message");
    expect(await messageState(db.pool, refused)).toMatchObject({
      send_state: "failed",
      ack: -1,
      error_code: "ERR_SENDING_WAPP_MSG",
      remote_id: null,
    });
    expect(sentTexts(fake)).toEqual(["refused", "next"]);
  });

  it("keeps Meta's reason for a send refused at once, as a failed status keeps it: what happened and whether to retry", async () => {
    const c = await setupCloudConnection(db.pool);
    // Meta's error response as the Cloud API's error codes page shows it (message, type, code, error_data.details).
    const refusal = (code: number, title: string, details: string) => ({
      status: 400,
      body: {
        error: {
          message: `(#${code}) ${title}`,
          type: "OAuthException",
          code,
          error_data: { messaging_product: "whatsapp", details },
          fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
        },
      },
    });
    const window =
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.";
    fake.reply = (req) => {
      if (req.body.text?.body === "late") return refusal(131047, "Re-engagement message", window);
      if (req.body.text?.body === "nowhere")
        return refusal(131026, "Message Undeliverable.", "Unable to deliver message.");
      if (req.body.text?.body === "bad") return refusal(100, "Invalid parameter", "Parameter 'to' is invalid.");
      return undefined;
    };
    const late = await c.enqueue("late");
    const nowhere = await c.enqueue("nowhere");
    const bad = await c.enqueue("bad");
    worker = await start();
    const failedRow = (id: string) =>
      waitFor(async () => {
        const { rows } = await db.pool.query<{
          send_state: string;
          ack: number;
          error_code: string;
          data_json: { deliveryFailure: DeliveryFailure };
        }>("SELECT send_state, ack, error_code, data_json FROM messages WHERE id = $1", [id]);
        return rows[0]!.send_state === "failed" ? rows[0]! : null;
      }, `message ${id} failed`);
    expect(await failedRow(late)).toMatchObject({
      ack: -1,
      error_code: "ERR_OUTSIDE_MESSAGING_WINDOW",
      data_json: {
        deliveryFailure: {
          kind: "window",
          retry: false,
          code: 131047,
          subcode: null,
          message: "(#131047) Re-engagement message",
          details: window,
        },
      },
    });
    // 131026's first reason in Meta's reference is a number not on WhatsApp: the spec's invalid-number code (0120).
    expect(await failedRow(nowhere)).toMatchObject({
      error_code: "ERR_WAPP_INVALID_CONTACT",
      data_json: { deliveryFailure: { kind: "undeliverable", retry: false, code: 131026 } },
    });
    const invalid = await failedRow(bad);
    expect(invalid.data_json.deliveryFailure).toMatchObject({ kind: "unknown", retry: true, code: 100 });
    // Dated when refused, as a status is dated by Meta: the conversation orders it against later news the same way.
    expect(Number.isNaN(Date.parse(invalid.data_json.deliveryFailure.at ?? ""))).toBe(false);
    // The same shape a `failed` status stores (core's ingest): the conversation reads it through deliveryFailureOf.
    expect(deliveryFailureOf(invalid.data_json)).toEqual(invalid.data_json.deliveryFailure);
    // A dead token (190) is no refusal of the message: it waits queued (graph-connection-state.test.ts).
  });
});

describe("#outbound.message-ids-per-company", () => {
  it("sends once each the messages two companies stored under the same client-made id", async () => {
    const a = await setupCloudConnection(db.pool);
    const b = await setupCloudConnection(db.pool);
    const id = randomUUID();
    await a.enqueue("from company A", id);
    await b.enqueue("from company B", id);
    // A replay of each is the same message, not a second send.
    await a.enqueue("from company A", id);
    await b.enqueue("from company B", id);
    worker = await start();
    for (const c of [a, b]) {
      await waitFor(async () => (await messageState(db.pool, id, c.companyId)).send_state === "sent", "both sent");
    }
    await worker.drained();
    const sent = fake.requests.map((r) => [r.path, r.body.text?.body]).sort();
    expect(sent).toEqual(
      [
        [`/v21.0/${a.phoneNumberId}/messages`, "from company A"],
        [`/v21.0/${b.phoneNumberId}/messages`, "from company B"],
      ].sort(),
    );
    expect(await messageState(db.pool, id, a.companyId)).toMatchObject({ ack: 1, send_attempts: 1 });
    expect(await messageState(db.pool, id, b.companyId)).toMatchObject({ ack: 1, send_attempts: 1 });
  });
});

describe("#outbound.connection-down", () => {
  it("keeps messages queued while the Graph API refuses connections and sends each once, in order, when it is back", async () => {
    const c = await setupCloudConnection(db.pool);
    const down = await startFakeGraphApi();
    await down.close();
    worker = await start(down.url);
    const first = await c.enqueue("first");
    const second = await c.enqueue("second");
    // The worker tried (each attempt is counted) and put the message back each time.
    const retried = await waitFor(async () => {
      const m = await messageState(db.pool, first);
      return m.send_state === "queued" && m.send_attempts >= 2 ? m : null;
    }, "the message back in the queue after two attempts");
    expect(retried).toMatchObject({ ack: 0, remote_id: null, error_code: null });
    // Order: nothing later was tried while the oldest could not go.
    expect(await messageState(db.pool, second)).toMatchObject({ send_state: "queued", send_attempts: 0 });

    await down.reopen();
    await waitFor(async () => (await messageState(db.pool, second)).send_state === "sent", "both sent");
    expect(sentTexts(down)).toEqual(["first", "second"]);
    expect(await messageState(db.pool, first)).toMatchObject({ send_state: "sent", ack: 1, remote_id: "wamid.FAKE1" });
    await down.close();
  });

  it("treats a 429 as not delivered: the message stays queued and goes out once the limit lifts", async () => {
    const c = await setupCloudConnection(db.pool);
    let refusals = 2;
    fake.reply = () =>
      refusals-- > 0 ? { status: 429, body: { error: { message: "Rate limit hit", code: 130429 } } } : undefined;
    worker = await start();
    const id = await c.enqueue("throttled");
    const m = await waitFor(async () => {
      const s = await messageState(db.pool, id);
      return s.send_state === "sent" ? s : null;
    }, "the throttled message");
    expect(m).toMatchObject({ ack: 1, send_attempts: 3 });
    expect(sentTexts(fake)).toEqual(["throttled", "throttled", "throttled"]);
  });
});

describe("#outbound.send-hold", () => {
  it("tells the admin why a connection's queue waits (rate-limited, then restricted), and clears it once a send goes through", async () => {
    const c = await setupCloudConnection(db.pool);
    const hold = async () =>
      (await db.pool.query("SELECT send_hold FROM whatsapps WHERE id = $1", [c.whatsappId])).rows[0].send_hold;
    const changes = async () =>
      (
        await db.pool.query(
          "SELECT count(*)::int AS n FROM change_log WHERE company_id = $1 AND entity = 'whatsapps' AND entity_id = $2",
          [c.companyId, String(c.whatsappId)],
        )
      ).rows[0].n as number;
    let answer: "limited" | "restricted" | "ok" = "limited";
    fake.reply = () =>
      answer === "limited"
        ? { status: 429, body: { error: { message: "Rate limit hit", code: 130429 } } }
        : answer === "restricted"
          ? { status: 400, body: { error: { message: "Temporarily blocked for policies violations", code: 368 } } }
          : undefined;
    worker = await start();
    const id = await c.enqueue("segurada");
    const limited = await waitFor(async () => (await hold())?.reason === "rate-limited" && (await hold()), "held");
    expect(limited).toMatchObject({ reason: "rate-limited", detail: expect.stringContaining("130429") });
    expect(limited.since).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Probes while held write nothing more.
    const before = await changes();
    await waitFor(async () => fake.requests.length >= 4, "more probes");
    expect(await changes()).toBe(before);
    answer = "restricted";
    await waitFor(async () => (await hold())?.reason === "restricted", "restricted");
    expect((await messageState(db.pool, id)).send_state).toBe("queued");
    answer = "ok";
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "sent");
    await waitFor(async () => (await hold()) === null, "the hold cleared");
    expect(sentTexts(fake).every((t) => t === "segurada")).toBe(true);
  });
});

describe("#outbound.takeover", () => {
  it("marks an in-doubt 'sending' row failed when taking the connection over, and never resends it", async () => {
    const c = await setupCloudConnection(db.pool);
    const inDoubt = await c.enqueue("maybe delivered by a dead worker");
    const claimed = await c.enqueue("claimed by a dead worker");
    await db.pool.query(
      `UPDATE messages SET send_state = 'sending', claimed_by = 'dead-worker', claimed_at = now(), send_attempts = 1
       WHERE id = $1`,
      [inDoubt],
    );
    await db.pool.query(
      "UPDATE messages SET send_state = 'claimed', claimed_by = 'dead-worker', claimed_at = now() WHERE id = $1",
      [claimed],
    );
    const logBefore = await changeLogEntries(db.pool, inDoubt);
    worker = await start();
    await waitFor(async () => (await messageState(db.pool, claimed)).send_state === "sent", "the claimed one sent");
    expect(await messageState(db.pool, inDoubt)).toMatchObject({
      send_state: "failed",
      ack: -1,
      error_code: "ERR_SEND_OUTCOME_UNKNOWN",
      remote_id: null,
      send_attempts: 1,
    });
    expect(await changeLogEntries(db.pool, inDoubt)).toBe(logBefore + 1);
    expect(sentTexts(fake)).toEqual(["claimed by a dead worker"]);
  });
});

describe("#outbound.forward-spacing", () => {
  const forwarded = (id: string) => db.pool.query("UPDATE messages SET is_forwarded = true WHERE id = $1", [id]);

  it("sends forwarded copies at least 900 ms apart, a plain reply without waiting", async () => {
    const c = await setupCloudConnection(db.pool);
    const at = new Map<string, number>();
    fake.reply = (req) => {
      at.set(req.body.text?.body ?? "", performance.now());
      return undefined;
    };
    const ids = [await c.enqueue("copy 1"), await c.enqueue("copy 2"), await c.enqueue("copy 3")];
    for (const id of ids) await forwarded(id);
    const reply = await c.enqueue("reply");
    worker = await start();
    await waitFor(async () => (await messageState(db.pool, reply)).send_state === "sent", "every message sent");
    expect(sentTexts(fake)).toEqual(["copy 1", "copy 2", "copy 3", "reply"]);
    // The spacing is measured by the database's clock from the previous copy's 'sent' mark; the request
    // leaves a few milliseconds after the wait, so the gap seen here is never shorter.
    expect(at.get("copy 2")! - at.get("copy 1")!).toBeGreaterThanOrEqual(900);
    expect(at.get("copy 3")! - at.get("copy 2")!).toBeGreaterThanOrEqual(900);
    expect(at.get("reply")! - at.get("copy 3")!).toBeLessThan(900);
  });

  it("keeps the spacing across a restart: a fresh worker waits for a copy another one sent just before", async () => {
    const c = await setupCloudConnection(db.pool);
    // A copy that went out through an earlier worker (nothing of it in the new worker's memory).
    const earlier = await c.enqueue("earlier copy");
    await forwarded(earlier);
    await db.pool.query(
      "UPDATE messages SET send_state = 'sent', ack = 1, remote_id = 'wamid.EARLIER', updated_at = now() - interval '1 hour' WHERE id = $1",
      [earlier],
    );
    worker = await start();
    await worker.drained();
    let sentAt = 0;
    fake.reply = () => {
      sentAt = Date.now();
      return undefined;
    };
    // It went out just now, and the next copy is queued (forwarded) in the same statement: the worker finds
    // it on its poll, with no memory of the earlier copy.
    const next = randomUUID();
    const { rows } = await db.pool.query<{ t: string }>(
      `WITH touched AS (UPDATE messages SET updated_at = now() WHERE id = $1 RETURNING *)
       INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, ack,
         media_type, is_forwarded, send_state, created_at, updated_at)
       SELECT $2, company_id, ticket_id, contact_id, whatsapp_id, user_id, 'next copy', true, true, 0, media_type,
         true, 'queued', now(), now() FROM touched
       RETURNING extract(epoch FROM now()) * 1000 AS t`,
      [earlier, next],
    );
    await waitFor(async () => (await messageState(db.pool, next)).send_state === "sent", "the next copy sent");
    expect(sentTexts(fake)).toEqual(["next copy"]);
    expect(sentAt - Number(rows[0]!.t)).toBeGreaterThanOrEqual(900);
  });
});
