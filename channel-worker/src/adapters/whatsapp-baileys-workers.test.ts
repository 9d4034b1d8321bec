// Two workers, one Baileys connection: exactly one holds the socket; killed (SIGKILL), the other takes the lease
// over and opens its own (decision 0042's leases). And an admin's session request reaches the worker holding it.
import { appendFileSync } from "node:fs";
import {
  CONNECTION_SESSION_CHANNEL,
  type ConnectionSessionRequest,
  OUTBOUND_CHANNEL,
} from "@chatflow/core/contract/topics.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { type PartProcess, runPartProcess } from "@chatflow/core/testing/part-process.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { afterEach, describe, expect, it } from "vitest";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";
import { postgresAuthState } from "./baileys-auth.ts";
import { keyIdOf } from "./whatsapp-baileys.ts";

const db = testDbForFile();
const TTL_MS = 6000;

let running: (Worker | PartProcess)[] = [];
afterEach(async () => {
  // The next test's connection is the only one the workers serve.
  await db.pool.query("UPDATE whatsapps SET channel = 'facebook'");
  for (const w of running) {
    if ("stop" in w) await w.stop();
    else if (w.child.exitCode === null && w.child.signalCode === null) {
      w.child.kill("SIGKILL");
      await w.exited;
    }
  }
  running = [];
});

async function connection(paired: boolean) {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
  if (paired) {
    const auth = await postgresAuthState(db.pool, { companyId: company.id, whatsappId: wa.id });
    auth.state.creds.registered = true;
    await auth.saveCreds();
  }
  return { companyId: company.id, whatsappId: wa.id };
}

async function inProcess(workerId: string, sockets: ReturnType<typeof standInSockets>): Promise<Worker> {
  const w = await startWorker({
    databaseUrl: db.url,
    workerId,
    ...TEST_WORKER,
    // Only the lease signals (presence lock, NOTIFY) can explain a quick takeover: the poll is a minute.
    pollMs: 60_000,
    lease: { ttlMs: TTL_MS },
    baileysSocket: sockets.factory,
  });
  running.push(w);
  return w;
}

const status = async (whatsappId: number) =>
  (await db.pool.query<{ status: string }>("SELECT status FROM whatsapps WHERE id = $1", [whatsappId])).rows[0]!.status;

describe("#baileys.workers", () => {
  it("one socket per connection across two workers; a killed holder's connection is taken over", async () => {
    const c = await connection(true);
    const a = runPartProcess("channel-worker", {
      DATABASE_URL: db.url,
      CHATFLOW_WORKER_ID: "baileys-a",
      CHATFLOW_LEASE_TTL_MS: String(TTL_MS),
      CHATFLOW_POLL_MS: "60000",
      CHATFLOW_BAILEYS_SOCKET: "stand-in",
    });
    running.push(a);
    await a.printed(`connection ${c.whatsappId} CONNECTED`);
    await waitFor(async () => (await status(c.whatsappId)) === "CONNECTED", "A's status write");

    const bSockets = standInSockets();
    const b = await inProcess("baileys-b", bSockets);
    expect(b.owned()).toEqual([]);
    expect(bSockets.sockets).toHaveLength(0);

    const killedAt = performance.now();
    a.child.kill("SIGKILL");
    await a.exited;
    await waitFor(() => bSockets.sockets.length === 1, "B to open the connection's socket", 30_000);
    const tookMs = performance.now() - killedAt;
    expect(b.owned()).toEqual([c.whatsappId]);
    expect(tookMs).toBeLessThan(30_000);
    await openStandInConnection(db.pool, bSockets, c);
    if (process.env.BAILEYS_MEASURE)
      appendFileSync(process.env.BAILEYS_MEASURE, `takeover after SIGKILL: ${Math.round(tookMs)} ms\n`);
  });

  it("acts on an admin's session requests for the connection it holds: start shows a QR, logout disconnects", async () => {
    const c = await connection(false);
    const sockets = standInSockets();
    const w = await inProcess("baileys-session", sockets);
    await waitFor(() => w.owned().includes(c.whatsappId), "the lease");
    expect(sockets.sockets).toHaveLength(0);
    const notify = (r: ConnectionSessionRequest) =>
      db.pool.query("SELECT pg_notify($1, $2)", [CONNECTION_SESSION_CHANNEL, JSON.stringify(r)]);
    // Another company's id for this connection is ignored.
    await notify({ whatsappId: c.whatsappId, companyId: c.companyId + 1000, action: "start" });
    await notify({ whatsappId: c.whatsappId, companyId: c.companyId, action: "start" });
    await waitFor(() => sockets.sockets.length === 1, "a socket for the start");
    sockets.last().emit("connection.update", { qr: "QR-FROM-STAND-IN" });
    await waitFor(async () => (await status(c.whatsappId)) === "qrcode", "qrcode");
    expect(sockets.sockets).toHaveLength(1);
    await openStandInConnection(db.pool, sockets, c);
    await notify({ whatsappId: c.whatsappId, companyId: c.companyId, action: "logout" });
    await waitFor(async () => (await status(c.whatsappId)) === "DISCONNECTED", "DISCONNECTED");
    expect(sockets.last().loggedOut).toBe(true);
  });

  it("acts on a start asked while it is still taking the connection (the request waits for the take)", async () => {
    const c = await connection(false);
    // The take stops at the adapter's read of the stored session while this lock is held.
    const locker = await db.pool.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE baileys_auth IN ACCESS EXCLUSIVE MODE");
      const sockets = standInSockets();
      const starting = inProcess("baileys-mid-take", sockets);
      await waitFor(async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND query LIKE '%FROM baileys_auth%'`,
        );
        return rows[0]!.n > 0;
      }, "the take to wait on the stored session");
      await db.pool.query("SELECT pg_notify($1, $2)", [
        CONNECTION_SESSION_CHANNEL,
        JSON.stringify({ whatsappId: c.whatsappId, companyId: c.companyId, action: "start" }),
      ]);
      // Time for the request to be heard while the take is stuck (a worker that does not wait for the take drops
      // it here); the assertion below is what must happen, not that something did not.
      await new Promise((r) => setTimeout(r, 500));
      await locker.query("COMMIT");
      const w = await starting;
      await waitFor(() => sockets.sockets.length === 1, "a socket for the start");
      expect(w.owned()).toEqual([c.whatsappId]);
      await openStandInConnection(db.pool, sockets, c);
    } finally {
      await locker.query("ROLLBACK").catch(() => {});
      locker.release();
    }
  });

  it("sends the queue through the socket under the derived key id, then tells WhatsApp an agent's edit and delete", async () => {
    const c = await setupCloudConnection(db.pool);
    await db.pool.query(
      "UPDATE whatsapps SET channel = 'whatsapp', phone_number_id = NULL, access_token = NULL WHERE id = $1 AND company_id = $2",
      [c.whatsappId, c.companyId],
    );
    const auth = await postgresAuthState(db.pool, c);
    auth.state.creds.registered = true;
    await auth.saveCreds();
    const sockets = standInSockets();
    const w = await inProcess("baileys-send", sockets);
    const s = await openStandInConnection(db.pool, sockets, c);
    s.emitOwnEvents = true;

    const id = await c.enqueue("first text");
    const sent = await waitFor(async () => {
      const m = await messageState(db.pool, id, c.companyId);
      return m.send_state === "sent" ? m : null;
    }, "the message to be sent");
    expect(sent.remote_id).toBe(keyIdOf(id));
    expect(s.sent).toEqual([
      {
        jid: `${c.contactNumber}@s.whatsapp.net`,
        content: { text: "first text" },
        options: { messageId: keyIdOf(id) },
      },
    ]);

    // What core's editMessage / deleteMessage leave on a message that already left (find-message.ts markIntentSql).
    const intent = (key: string, body?: string) =>
      db.pool.query(
        `UPDATE messages SET body = coalesce($4, body), data_json = coalesce(data_json, '{}'::jsonb) || jsonb_build_object($3::text, true)
         WHERE id = $1 AND company_id = $2`,
        [id, c.companyId, key, body ?? null],
      );
    const wake = () => db.pool.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(c.whatsappId)]);
    const key = { remoteJid: `${c.contactNumber}@s.whatsapp.net`, id: keyIdOf(id), fromMe: true };
    await intent("edit", "fixed text");
    await wake();
    await waitFor(() => s.sent.length === 2, "the edit");
    expect(s.sent[1]).toMatchObject({ jid: key.remoteJid, content: { text: "fixed text", edit: key } });
    await intent("delete");
    await wake();
    await waitFor(() => s.sent.length === 3, "the delete");
    expect(s.sent[2]).toMatchObject({ jid: key.remoteJid, content: { delete: key } });
    // The intents are cleared once told, so nothing is told twice.
    await waitFor(async () => {
      const { rows } = await db.pool.query<{ data_json: Record<string, unknown> }>(
        "SELECT data_json FROM messages WHERE id = $1 AND company_id = $2",
        [id, c.companyId],
      );
      return Object.keys(rows[0]!.data_json).length === 0;
    }, "the intents to be cleared");
    await wake();
    // A claim round after the clear finds nothing more to tell.
    await w.drained();
    expect(s.sent).toHaveLength(3);
    // The socket's echo of our own send was not taken for a message from the phone.
    const { rows: all } = await db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND ticket_id = $2",
      [c.companyId, c.ticketId],
    );
    expect(all[0]!.n).toBe(1);
  });
});
