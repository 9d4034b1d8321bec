// Message search at size (issue 25, decision 0115): a company with 5,000,000 messages (BENCH_SEARCH_SCALE scales it,
// e.g. 0.01 for a quick run) of Portuguese text drawn from a vocabulary with a few common and many rare words;
// GET /messages-search over HTTP as a signed-in admin, a one-word and a three-word search, newest first and best
// first (p50/p95 of BENCH_SEARCH_REQUESTS each); then ingest's CPU per message (core's and PostgreSQL's, read from
// /proc as bench/ingest-cpu.ts does) through signed Cloud API webhooks with all of the full-text indexing, without
// 0115's index and 0124's stored words, without any, and with all again, on the same database in the same minutes.
// Best first ranks the newest RANK_WINDOW matches (search-messages.ts, decision 0124). Target: p95 < 50 ms; indexing
// adds <= 10 % to ingest's CPU. BENCH_SEARCH_KEEP_DB=1 keeps the seeded database, BENCH_SEARCH_DATABASE_URL reuses it,
// BENCH_SEARCH_INGEST=0 measures the searches only.

import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { cloudWebhook, post, SECRET } from "./cloud-webhook.ts";
import { cpuPerUnit } from "./cpu-rounds.ts";
import { PHONE_ID } from "./ingest.ts";
import { adminToken, backendPids, fmt, freshDatabase, percentile, procCpuMs, startCoreChild } from "./lib.ts";

const SCALE = Number(process.env.BENCH_SEARCH_SCALE ?? 1);
const MESSAGES = Math.round(5_000_000 * SCALE);
const MESSAGES_PER_TICKET = 10;
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const INGEST = Number(process.env.BENCH_SEARCH_INGEST ?? 4000);
const CHUNK = 250_000;

// Common words first: a message's words are drawn with a bias to the head of the list (power 3), so "bom", "dia"
// and "obrigado" are in most messages and the tail words in few, as in a real inbox.
const VOCABULARY = `bom dia obrigado pedido pagamento boleto pix entrega atendimento cliente produto valor nota fiscal
prazo troca reembolso cancelamento cartão crédito débito endereço frete rastreio código promoção desconto cupom
estoque tamanho cor garantia defeito assistência técnica orçamento parcela juros vencimento segunda via comprovante
transferência conta agência banco cadastro senha acesso aplicativo site login erro problema reclamação elogio
sugestão dúvida informação horário loja unidade gerente supervisor vendedor consultor contrato plano assinatura
renovação fatura cobrança atraso multa desconto negociação acordo proposta visita instalação manutenção peça
motor bateria pneu revisão agendamento consulta exame resultado receita medicamento farmácia hospital clínica
médico dentista retorno urgência emergência ambulância seguro sinistro apólice vistoria franquia indenização
documento identidade comprovante residência foto selfie assinatura digital certificado diploma matrícula curso
aula professor aluno turma boletim mensalidade bolsa inscrição vestibular formatura festa evento ingresso reserva
mesa cardápio pizza hambúrguer lanche bebida refrigerante cerveja vinho sobremesa delivery motoboy atrasado frio
quente cancelado confirmado aprovado recusado pendente analisando enviado recebido devolvido extraviado avariado`
  .split(/\s+/)
  .filter(Boolean);

async function get(agent: http.Agent, url: URL, pathAndQuery: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: pathAndQuery, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${pathAndQuery}: ${res.statusCode} ${Buffer.concat(chunks)}`));
          else resolve(res.statusCode);
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Sequential latencies (ms), sorted, after `warmup` unmeasured requests; `request` is told which one it is. */
async function latencies(n: number, warmup: number, request: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const t0 = performance.now();
    await request(i);
    if (i >= warmup) out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The company's history, as a real inbox stores it: tickets opened through the year in id order, each with its
 * messages over the following hours, inserted in time order with UUIDv7 ids made from their time (so the table's
 * physical order, its ids and created_at go together as ingest leaves them). The full-text indexes are dropped for
 * the load and built again after it (one sorted build instead of millions of GIN inserts), from their own
 * definitions.
 */
export async function seedSearch(pool: pg.Pool, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  const tickets = Math.ceil(MESSAGES / MESSAGES_PER_TICKET);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
     VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true, $1, 'token', $2) RETURNING id`,
    [PHONE_ID, SECRET],
  );
  const whatsappId = rows[0]!.id;
  await pool.query(
    `INSERT INTO contacts (company_id, name, number, channel)
     SELECT 1, 'Contato ' || i, (5521000000000 + i)::text, 'whatsapp' FROM generate_series(1, $1::int) i`,
    [tickets],
  );
  // Ticket i of n opens i/n of the way through the last 365 days.
  await pool.query(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel, last_message, created_at, updated_at)
     SELECT 1, c.id, $1, CASE WHEN c.id % 10 = 0 THEN 'closed' ELSE 'open' END, 'whatsapp', '',
       now() - interval '365 days' + (row_number() OVER (ORDER BY c.id))::float8 / $2 * interval '365 days', now()
     FROM contacts c WHERE c.company_id = 1 AND c.number LIKE '5521%' ORDER BY c.id`,
    [whatsappId, tickets],
  );
  log(`  seed contacts and tickets (${tickets}): ${fmt((performance.now() - t0) / 1000, 1)} s`);
  const { rows: gins } = await pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
     WHERE tablename = 'messages' AND indexdef LIKE '%USING gin%'`,
  );
  for (const g of gins) await pool.query(`DROP INDEX ${g.name}`);
  const range = await pool.query<{ lo: number; hi: number }>(
    "SELECT min(id) AS lo, max(id) AS hi FROM tickets WHERE whatsapp_id = $1",
    [whatsappId],
  );
  const { lo: first, hi: last } = range.rows[0]!;
  const perChunk = Math.ceil(CHUNK / MESSAGES_PER_TICKET);
  for (let lo = first; lo <= last; lo += perChunk) {
    const hi = Math.min(lo + perChunk - 1, last);
    // 6 to 20 words a message, a few minutes apart; the id is a UUIDv7 of the message's millisecond (its 48 high
    // bits), made unique by the ticket and the message's place in it.
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack,
         created_at, updated_at)
       SELECT (substr(x.ms, 1, 8) || '-' || substr(x.ms, 9, 4) || '-7000-8000-' || lpad(to_hex(s.ticket_id::bigint * 16 + s.k), 12, '0'))::uuid,
         1, s.ticket_id, s.contact_id, s.whatsapp_id, s.body, s.k % 2 = 0, true, 3, s.at, s.at
       FROM (
         SELECT t.id AS ticket_id, t.contact_id, t.whatsapp_id, k,
           t.created_at + k * interval '1 minute' + random() * interval '5 minutes' AS at,
           (SELECT string_agg(($3::text[])[1 + floor(power(random(), 3) * array_length($3::text[], 1))::int], ' ')
              FROM generate_series(1, 6 + (t.id * 7 + k) % 15) w WHERE k > 0) AS body
         FROM tickets t CROSS JOIN generate_series(1, ${MESSAGES_PER_TICKET}) k
         WHERE t.id BETWEEN $1 AND $2
       ) s
       CROSS JOIN LATERAL (SELECT lpad(to_hex((extract(epoch FROM s.at) * 1000)::bigint), 12, '0') AS ms) x
       ORDER BY s.at`,
      [lo, hi, VOCABULARY],
    );
    log(`  seed messages up to ticket ${hi} of ${last}: ${fmt((performance.now() - t0) / 1000, 1)} s`);
  }
  const client = await pool.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    for (const g of gins) {
      await client.query(g.def);
      log(`  built ${g.name}: ${fmt((performance.now() - t0) / 1000, 1)} s`);
    }
  } finally {
    client.release(true);
  }
  await pool.query("VACUUM (ANALYZE) contacts, tickets, messages");
  log(`  seed done: ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

/** A webhook of one inbound message of Portuguese text (the vocabulary's words), from 2,000 contacts in turn. */
function payload(i: number, run: string): string {
  const words = Array.from({ length: 12 }, (_, w) => VOCABULARY[(i * 31 + w * 17) % VOCABULARY.length]);
  return cloudWebhook({
    phoneNumberId: PHONE_ID,
    from: `55119${String(i % 2000).padStart(8, "0")}`,
    name: `Contact ${i % 2000}`,
    id: `wamid.${run}.${i}`,
    body: words.join(" "),
  });
}

async function ingestCpu(
  pool: pg.Pool,
  dbUrl: string,
  corePid: number,
  coreUrl: string,
  label: string,
): Promise<{ coreUs: number; pgUs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(coreUrl);
  const run = `${label}${Date.now().toString(36)}`;
  const send = async (bodies: string[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < bodies.length) {
          const status = await post(agent, url, bodies[next++]!);
          if (status !== 200) throw new Error(`webhook answered ${status}`);
        }
      }),
    );
  };
  try {
    await send(Array.from({ length: 500 }, (_, i) => payload(i, `w${run}`)));
    const bodies = Array.from({ length: INGEST }, (_, i) => payload(i, run));
    const db = { url: dbUrl, name: new URL(dbUrl).pathname.slice(1), pool, kept: false };
    return await cpuPerUnit(db, corePid, INGEST, () => send(bodies));
  } finally {
    agent.destroy();
  }
}

/**
 * The benchmark's database: BENCH_SEARCH_DATABASE_URL names one a run before kept (BENCH_SEARCH_KEEP_DB=1; seeding
 * 5,000,000 messages takes minutes), else a fresh one, dropped afterwards unless it is to be kept.
 */
async function searchDatabase(): Promise<{ url: string; seeded: boolean; drop(): Promise<void> }> {
  const kept = process.env.BENCH_SEARCH_DATABASE_URL;
  if (kept) return { url: kept, seeded: true, drop: async () => console.error(`kept ${kept}`) };
  const db = await freshDatabase();
  if (!process.env.BENCH_SEARCH_KEEP_DB) return { ...db, seeded: false };
  return { url: db.url, seeded: false, drop: async () => console.error(`kept ${db.url}`) };
}

export async function benchSearch(): Promise<Record<string, string>> {
  const db = await searchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    if (!db.seeded) await seedSearch(pool, (line) => console.error(line));
    const { rows: count } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM messages");
    const dbName = new URL(db.url).pathname.slice(1);
    const url = new URL(core.url);
    const token = await adminToken(core.url);
    const out: Record<string, string> = {};
    const searches = {
      "one word": "reembolso",
      "three words": "boleto vencimento atrasado",
    };
    for (const [name, text] of Object.entries(searches)) {
      for (const order of ["recent", "rank"]) {
        const q = `/messages-search?searchParam=${encodeURIComponent(text)}&order=${order}`;
        // CPU time per search as well (core's and its PostgreSQL backends', from /proc): on a machine other work
        // loads, wall-clock percentiles measure the queue for the CPU too.
        let cpuMs = 0;
        let pids: number[] = [];
        const cpuNow = () => core.cpuMs() + pids.reduce((sum, pid) => sum + procCpuMs(pid), 0);
        const ms = await latencies(REQUESTS, 20, async (i) => {
          await get(agent, url, q, token);
          // After the last warm-up search (unmeasured), the backends core holds, and the CPU they have used.
          if (i === 19) {
            pids = await backendPids(pool, dbName);
            cpuMs = -cpuNow();
          }
          if (i === 20 + REQUESTS - 1) cpuMs += cpuNow();
        });
        out[`search ${name} (${order}), ${count[0]!.n} msgs`] =
          `p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms (target p95 < 50 ms); ` +
          `CPU ${fmt(cpuMs / REQUESTS)} ms a search`;
      }
    }
    // BENCH_SEARCH_INGEST=0: the searches only.
    if (INGEST === 0) return out;
    // Ingest's CPU per message with what 0115 and 0124 add (0115's index, 0124's stored words by trigger) and
    // without them (0089's index only, as before issue 25), and with no full-text indexing at all.
    const pid = core.child.pid!;
    const definitions = (
      await pool.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes
         WHERE tablename = 'messages' AND indexname IN ('messages_search_body', 'messages_search_text')`,
      )
    ).rows;
    const definition = (name: string) => definitions.find((d) => d.name === name)!.def;
    const all = await ingestCpu(pool, db.url, pid, core.url, "all");
    await pool.query("DROP INDEX messages_search_text");
    await pool.query("ALTER TABLE messages DISABLE TRIGGER messages_search_vector");
    const old = await ingestCpu(pool, db.url, pid, core.url, "old");
    await pool.query("DROP INDEX messages_search_body");
    const none = await ingestCpu(pool, db.url, pid, core.url, "none");
    // All again, so a drift over the minutes (a loaded machine, tables growing) shows rather than counts. The rows
    // ingested without the trigger get their words as the worker's job would give them.
    await pool.query(definition("messages_search_body"));
    await pool.query(definition("messages_search_text"));
    await pool.query("ALTER TABLE messages ENABLE TRIGGER messages_search_vector");
    await pool.query(
      "UPDATE messages SET search_vector = to_tsvector('portuguese_unaccent'::regconfig, body) WHERE search_vector IS NULL",
    );
    const again = await ingestCpu(pool, db.url, pid, core.url, "again");
    const total = (c: { coreUs: number; pgUs: number }) => c.coreUs + c.pgUs;
    const allUs = (total(all) + total(again)) / 2;
    const share = (a: number, b: number) => `${fmt(((a - b) / b) * 100)} %`;
    out["ingest CPU per message (core + PostgreSQL)"] =
      `all ${fmt(total(all), 0)} µs (again at the end ${fmt(total(again), 0)} µs), ` +
      `0089's index only ${fmt(total(old), 0)} µs, none ${fmt(total(none), 0)} µs`;
    out["ingest CPU added by 0115's index and 0124's stored words"] = `${share(allUs, total(old))} (target <= 10 %)`;
    out["ingest CPU added by full-text indexing (all vs none)"] = share(allUs, total(none));
    return out;
  } finally {
    agent.destroy();
    await pool.end();
    await core.stop();
    await db.drop();
  }
}
