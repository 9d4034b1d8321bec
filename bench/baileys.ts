// A WhatsApp (Baileys) connection under load, through the real adapter (channel-worker/src/adapters/
// whatsapp-baileys.ts) on the stand-in socket the tests use (no WhatsApp server is reachable here), ingesting in this
// process as the channel worker does (IngestBatcher) while core runs as its own process:
// - a history sync of 50,000 messages (BENCH_BAILEYS_HISTORY) in Baileys' `messaging-history.set` chunks of 1,000,
//   committed per second (target >= 2,000 msg/s), with GET /tickets answering meanwhile (p95 during the burst,
//   against the same list idle before it);
// - a reconnect after a drop: the socket closes with connectionLost (408) and the next socket is reachable at
//   once; the time until whatsapps.status is CONNECTED again, under the adapter's real backoff (2 s floor, jitter).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DisconnectReason, type WAMessage } from "@whiskeysockets/baileys";
import pg from "pg";
import { postgresAuthState } from "../channel-worker/src/adapters/baileys-auth.ts";
import { whatsappBaileysAdapter } from "../channel-worker/src/adapters/whatsapp-baileys.ts";
import { StandInSocket } from "../channel-worker/src/testing/baileys-stand-in.ts";
import { IngestBatcher } from "../core/src/messages/ingest.ts";
import { adminToken, fmt, freshDatabase, percentile, startCoreChild } from "./lib.ts";

const HISTORY = Number(process.env.BENCH_BAILEYS_HISTORY ?? 50_000);
const CHUNK = 1000;
/** Chats the history spreads over (each a contact and a ticket). */
const CHATS = 5000;
const RECONNECTS = Number(process.env.BENCH_BAILEYS_RECONNECTS ?? 5);
const LIST = "/tickets?status=pending&showAll=true";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function historyMessage(i: number, run: string, base: number): WAMessage {
  const chat = i % CHATS;
  return {
    key: { remoteJid: `55119${String(chat).padStart(8, "0")}@s.whatsapp.net`, fromMe: i % 3 === 0, id: `H${run}${i}` },
    message: { conversation: `history message ${i}` },
    messageTimestamp: base + i,
    pushName: `Contact ${chat}`,
  };
}

async function getLatency(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /tickets answered ${res.status}`);
  return performance.now() - t0;
}

export async function benchBaileys(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  let adapter: ReturnType<typeof whatsappBaileysAdapter> | null = null;
  try {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO whatsapps (company_id, name, channel, status, is_default, import_old_messages)
       VALUES (1, 'Bench Baileys', 'whatsapp', 'DISCONNECTED', true, current_date - 30) RETURNING id`,
    );
    const owner = { companyId: 1, whatsappId: rows[0]!.id };
    const lease = { workerId: "bench", generation: 1 };
    await pool.query(
      `INSERT INTO connection_leases (whatsapp_id, holder, presence_key, generation, expires_at)
       VALUES ($1, $2, 1, $3, now() + interval '1 hour')`,
      [owner.whatsappId, lease.workerId, lease.generation],
    );
    const auth = await postgresAuthState(pool, owner);
    auth.state.creds.registered = true;
    await auth.saveCreds();

    // Each socket the adapter makes is reachable: it opens as soon as it is wired (WhatsApp answering again).
    const sockets: StandInSocket[] = [];
    const batcher = new IngestBatcher(pool);
    adapter = whatsappBaileysAdapter(
      {
        id: owner.whatsappId,
        companyId: 1,
        name: "Bench",
        channel: "whatsapp",
        phoneNumberId: null,
        accessToken: null,
        token: null,
      },
      { onInbound: (events) => batcher.add(events), onStatus: () => {} },
      {
        pool,
        lease,
        dataDir,
        makeSocket: (a) => {
          const s = new StandInSocket(a);
          sockets.push(s);
          setTimeout(() => s.open(), 0);
          return s;
        },
        log: () => {},
      },
    );
    const statusOf = async () =>
      (await pool.query<{ status: string }>("SELECT status FROM whatsapps WHERE id = $1", [owner.whatsappId])).rows[0]!
        .status;
    await adapter.start();
    while ((await statusOf()) !== "CONNECTED") await sleep(20);

    const token = await adminToken(core.url);
    const listUrl = `${core.url}${LIST}`;
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) idle.push(await getLatency(listUrl, token));

    // The burst: every chunk handed to the adapter as Baileys hands them, no waiting between them.
    const run = Date.now().toString(36);
    const base = Math.floor(Date.now() / 1000) - 10 * 86_400;
    const socket = sockets.at(-1)!;
    const during: number[] = [];
    let bursting = true;
    const reader = (async () => {
      while (bursting) during.push(await getLatency(listUrl, token));
    })();
    const t0 = performance.now();
    for (let from = 0; from < HISTORY; from += CHUNK) {
      const messages = Array.from({ length: Math.min(CHUNK, HISTORY - from) }, (_, k) =>
        historyMessage(from + k, run, base),
      );
      socket.emit("messaging-history.set", {
        chats: [],
        contacts: [],
        messages,
        progress: Math.round(((from + messages.length) / HISTORY) * 100),
      });
      // Baileys emits each chunk from its own decode of a socket frame: let the event loop turn between them.
      await sleep(0);
    }
    let stored = 0;
    while (stored < HISTORY) {
      await sleep(100);
      stored = (
        await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM messages WHERE company_id = 1 AND whatsapp_id = $1",
          [owner.whatsappId],
        )
      ).rows[0]!.n;
      if (performance.now() - t0 > 600_000) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    bursting = false;
    await reader;
    idle.sort((a, b) => a - b);
    during.sort((a, b) => a - b);

    // Reconnects: a dropped connection (connectionLost) back to CONNECTED.
    const reconnects: number[] = [];
    for (let i = 0; i < RECONNECTS; i++) {
      const s = sockets.at(-1)!;
      const r0 = performance.now();
      s.close(DisconnectReason.connectionLost, "Connection Lost");
      while ((await statusOf()) !== "DISCONNECTED") await sleep(5);
      while ((await statusOf()) !== "CONNECTED") await sleep(5);
      reconnects.push(performance.now() - r0);
    }
    reconnects.sort((a, b) => a - b);
    return {
      "baileys history: messages stored": `${stored} of ${HISTORY} (${HISTORY / CHUNK} chunks, ${CHATS} chats)`,
      "baileys history: ingest (msg/s, target >= 2,000)": fmt(stored / seconds, 0),
      "baileys history: GET /tickets p95 idle (ms)": fmt(percentile(idle, 95), 1),
      "baileys history: GET /tickets p95 during the burst (ms)": `${fmt(percentile(during, 95), 1)} (${during.length} requests, max ${fmt(during.at(-1) ?? 0, 0)})`,
      "baileys reconnect after connectionLost to CONNECTED (ms, target < 5,000)": `median ${fmt(percentile(reconnects, 50), 0)}, max ${fmt(reconnects.at(-1) ?? 0, 0)} (${RECONNECTS} drops)`,
    };
  } finally {
    await adapter?.stop().catch(() => {});
    await pool.end();
    await core.stop();
    await db.drop();
  }
}
