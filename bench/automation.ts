// Issue 9's automation benchmarks.
// - Schedules: 10,000 schedules due in the same minute, sent by the channel worker's timed job and its outbound
//   sender to a Graph API stand-in on loopback: time from the due moment to the last send, none sent twice.
// - Queue bot: core CPU per inbound message with the chatbot answering every new conversation (its numbered
//   menu), against the same ingest with no queue on the connection (the bot has nothing to do).
// - Option walk: the same for a contact who walks a queue's two-level option tree (three messages: the first
//   enters the connection's only queue and gets its options, "1" opens a submenu, "2" picks a leaf), against
//   three messages per contact on a connection with no queue. BENCH_AUTOMATION=tree runs only this one.
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startFakeGraphApi } from "../channel-worker/src/testing/fake-graph-api.ts";
import { startWorker } from "../channel-worker/src/worker.ts";
import { cloudWebhook, post, SECRET } from "./cloud-webhook.ts";
import { fmt, freshDatabase, startCoreChild } from "./lib.ts";

const SCHEDULES = Number(process.env.BENCH_SCHEDULES ?? 10_000);
const BOT_MESSAGES = Number(process.env.BENCH_BOT_MESSAGES ?? 4_000);

export async function benchAutomation(): Promise<Record<string, string>> {
  if (process.env.BENCH_AUTOMATION === "tree") return optionWalkCpu();
  return { ...(await schedulesBurst()), ...(await queueBotCpu()), ...(await optionWalkCpu()) };
}

async function schedulesBurst(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-sched-"));
  // Core migrates and seeds the database, then leaves the machine to the worker.
  await (await startCoreChild(db.url, dataDir)).stop();
  const graph = await startFakeGraphApi();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const label = `schedules: ${SCHEDULES.toLocaleString("en")} due in one minute`;
  try {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
       VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true, '100200301', 'token', $1) RETURNING id`,
      [SECRET],
    );
    const whatsappId = rows[0]!.id;
    await pool.query(
      `INSERT INTO contacts (company_id, name, number, whatsapp_id, channel)
       SELECT 1, 'Cliente ' || i, '5511' || lpad(i::text, 9, '0'), $1, 'whatsappapi' FROM generate_series(1, $2) i`,
      [whatsappId, SCHEDULES],
    );
    // All due 5 s from now: the job's first run after that finds every one of them.
    const due = new Date(Date.now() + 5_000);
    await pool.query(
      `INSERT INTO schedules (company_id, contact_id, body, send_at, anchor_at, whatsapp_id)
       SELECT 1, id, 'Lembrete: sua consulta é amanhã', $1, $1, $2 FROM contacts WHERE company_id = 1`,
      [due, whatsappId],
    );
    const worker = await startWorker({ databaseUrl: db.url, graphApiUrl: graph.url, jobIntervalMs: 1_000 });
    let queuedAt = 0;
    try {
      const deadline = Date.now() + 180_000;
      while (graph.requests.length < SCHEDULES && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        if (!queuedAt) {
          const left = await pool.query("SELECT count(*)::int AS n FROM schedules WHERE status = 'PENDENTE'");
          if (left.rows[0].n === 0) queuedAt = Date.now();
        }
      }
      const lastSend = Date.now();
      await worker.drained();
      const sends = graph.requests.filter((r) => r.body.type === "text");
      const distinct = new Set(sends.map((r) => r.body.biz_opaque_callback_data)).size;
      const stored = await pool.query(
        "SELECT count(*)::int AS n, count(DISTINCT contact_id)::int AS c FROM messages WHERE from_me",
      );
      const sent = await pool.query("SELECT count(*)::int AS n FROM schedules WHERE status = 'ENVIADA'");
      return {
        [`${label}: all queued (s after due)`]: queuedAt ? fmt((queuedAt - due.getTime()) / 1000) : "not all",
        [`${label}: last sent (s after due; budget 60)`]: fmt((lastSend - due.getTime()) / 1000),
        [`${label}: sends / distinct / messages / ENVIADA`]: `${sends.length} / ${distinct} / ${stored.rows[0].n} / ${sent.rows[0].n}`,
      };
    } finally {
      await worker.stop();
    }
  } finally {
    await pool.end();
    await graph.close();
    await db.drop();
  }
}

/** Contact `i`'s message number `step` of a run on the connection `phoneNumberId`. */
function webhook(phoneNumberId: string, i: number, run: string, body = "Oi", step = 0): string {
  const from = `55219${String(i).padStart(8, "0")}`;
  return cloudWebhook({ phoneNumberId, from, name: `Contato ${i}`, id: `wamid.${run}.${i}.${step}`, body });
}

/**
 * Core CPU per message for `messages` new conversations on a connection; `bot` gives it three queues. `tree`: the
 * connection has one queue with a two-level option tree and each contact sends `answers` in turn after its first
 * message (the CPU is then per message, every contact's messages counted).
 */
async function ingestCpu(
  bot: boolean,
  messages: number,
  tree?: { answers: string[] },
): Promise<{ cpuUs: number; menus: number }> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-bot-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const phoneNumberId = bot ? "100200302" : "100200303";
  try {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret,
         greeting_message)
       VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true, $1, 'token', $2, 'Olá! Escolha um setor:') RETURNING id`,
      [phoneNumberId, SECRET],
    );
    if (bot && tree) {
      const q = await pool.query<{ id: number }>(
        `INSERT INTO queues (company_id, name, color, greeting_message) VALUES (1, 'Vendas', '#1e88e5', 'Olá! Escolha:')
         RETURNING id`,
      );
      const queueId = q.rows[0]!.id;
      await pool.query("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, 1)", [
        rows[0]!.id,
        queueId,
      ]);
      const root = await pool.query<{ id: number }>(
        `INSERT INTO chatbots (company_id, queue_id, name, greeting_message, queue_type)
         VALUES (1, $1, 'Planos', 'Qual plano?', 'text'), (1, $1, 'Suporte', 'Descreva.', 'text') RETURNING id`,
        [queueId],
      );
      await pool.query(
        `INSERT INTO chatbots (company_id, queue_id, chatbot_id, name, greeting_message, queue_type)
         VALUES (1, $1, $2, 'Mensal', 'Mensal: R$ 10', 'text'), (1, $1, $2, 'Anual', 'Anual: R$ 100', 'text')`,
        [queueId, root.rows[0]!.id],
      );
    } else if (bot) {
      await pool.query(
        `WITH q AS (INSERT INTO queues (company_id, name, color, greeting_message)
                    VALUES (1, 'Vendas', '#1e88e5', 'Vendas aqui'), (1, 'Suporte', '#43a047', 'Suporte aqui'),
                           (1, 'Financeiro', '#fb8c00', 'Financeiro aqui') RETURNING id)
         INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) SELECT $1, id, 1 FROM q`,
        [rows[0]!.id],
      );
    }
    const url = new URL(core.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const run = `${bot ? "b" : "n"}${Date.now().toString(36)}`;
    // Warm-up on other contacts.
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => post(agent, url, webhook(phoneNumberId, 90_000_000 + i, run))),
    );
    let next = 0;
    const cpu0 = core.cpuMs();
    const answers = tree?.answers ?? [];
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < messages) {
          const i = next++;
          await post(agent, url, webhook(phoneNumberId, i, run));
          for (const [k, a] of answers.entries()) await post(agent, url, webhook(phoneNumberId, i, run, a, k + 1));
        }
      }),
    );
    const cpuUs = ((core.cpuMs() - cpu0) * 1000) / (messages * (1 + answers.length));
    agent.destroy();
    const menus = await pool.query(
      `SELECT count(*)::int AS n FROM messages WHERE from_me AND body LIKE ${tree ? "'Anual: R$ 100'" : "'Olá!%'"}`,
    );
    return { cpuUs, menus: menus.rows[0].n };
  } finally {
    await pool.end();
    await core.stop();
    await db.drop();
  }
}

async function queueBotCpu(): Promise<Record<string, string>> {
  // Alternated, twice each: the machine's load drifts between runs.
  const without: number[] = [];
  const withBot: number[] = [];
  let menus = 0;
  for (let round = 0; round < 2; round++) {
    without.push((await ingestCpu(false, BOT_MESSAGES)).cpuUs);
    const b = await ingestCpu(true, BOT_MESSAGES);
    withBot.push(b.cpuUs);
    menus = b.menus;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    "queue bot: core CPU per inbound message without / with the menu (µs)": `${fmt(mean(without), 0)} / ${fmt(mean(withBot), 0)} (menus sent: ${menus} of ${BOT_MESSAGES + 300})`,
    "queue bot: core CPU the bot adds per inbound message (µs; target < 1,000)": fmt(mean(withBot) - mean(without), 0),
  };
}

async function optionWalkCpu(): Promise<Record<string, string>> {
  const contacts = Math.round(BOT_MESSAGES / 3);
  const answers = ["1", "2"];
  const without: number[] = [];
  const withTree: number[] = [];
  let leaves = 0;
  for (let round = 0; round < 2; round++) {
    without.push((await ingestCpu(false, contacts, { answers })).cpuUs);
    const b = await ingestCpu(true, contacts, { answers });
    withTree.push(b.cpuUs);
    leaves = b.menus;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    "option walk: core CPU per inbound message without / with the option tree (µs)": `${fmt(mean(without), 0)} / ${fmt(mean(withTree), 0)} (leaves reached: ${leaves} of ${contacts})`,
    "option walk: core CPU the tree adds per inbound message (µs; target < 1,000)": fmt(
      mean(withTree) - mean(without),
      0,
    ),
  };
}
