// Import from Whaticket at size (issue 25, decision 0123): a Ticketz database (its schema from
// scripts/whaticket/fixtures/) with 1,000,000 messages (BENCH_WHATICKET_SCALE scales it, e.g. 0.05 for a quick run)
// in 40,000 tickets of 20,000 contacts, every 20th message quoting an earlier one of its ticket, each with a small
// dataJson; then `npm run import:whaticket`'s import, in this process, into a fresh Chat-flow database. Reports
// messages per second (of the whole import and of its messages step) and the process's peak RSS (bounded memory:
// batches of 5,000 messages). The source rows are made by PostgreSQL itself (INSERT ... SELECT generate_series, in
// chunks): no COPY client package is installed, and server-side generation is the faster of the two anyway.
import { readFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { migrate, openDb } from "../core/src/db/orm.ts";
import { importWhaticket } from "../scripts/whaticket/import.ts";
import { fmt, freshDatabase } from "./lib.ts";

const SCALE = Number(process.env.BENCH_WHATICKET_SCALE ?? 1);
const MESSAGES = Math.max(100, Math.round(1_000_000 * SCALE));
const TICKETS = Math.max(4, Math.round(MESSAGES / 25));
const CONTACTS = Math.max(2, Math.round(MESSAGES / 50));
const CHUNK = 100_000;

async function buildSource(pool: pg.Pool): Promise<void> {
  const fixture = path.resolve(import.meta.dirname, "../scripts/whaticket/fixtures/ticketz-schema.sql");
  await pool.query(await readFile(fixture, "utf8"));
  await pool.query(
    `INSERT INTO "Companies" ("id", "name", "createdAt", "updatedAt") VALUES (1, 'Bench', now(), now())`,
  );
  await pool.query(`INSERT INTO "Users" ("name", "email", "passwordHash", "profile", "companyId", "createdAt", "updatedAt")
    SELECT 'Agent ' || i, 'agent' || i || '@bench.test', 'x', CASE WHEN i = 1 THEN 'admin' ELSE 'user' END, 1, now(), now()
    FROM generate_series(1, 20) i`);
  await pool.query(`INSERT INTO "Queues" ("name", "color", "companyId", "createdAt", "updatedAt")
    SELECT 'Fila ' || i, '#' || lpad(to_hex(i * 4000), 6, '0'), 1, now(), now() FROM generate_series(1, 5) i`);
  await pool.query(`INSERT INTO "Whatsapps" ("name", "companyId", "isDefault", "createdAt", "updatedAt")
    VALUES ('Celular', 1, true, now(), now()), ('Outro', 1, false, now(), now())`);
  await pool.query(
    `INSERT INTO "Contacts" ("name", "number", "companyId", "createdAt", "updatedAt")
     SELECT 'Contato ' || i, (5511900000000 + i)::text, 1, now(), now() FROM generate_series(1, $1::int) i`,
    [CONTACTS],
  );
  await pool.query(
    `INSERT INTO "Tickets" ("status", "contactId", "userId", "whatsappId", "queueId", "companyId", "lastMessage",
       "createdAt", "updatedAt")
     SELECT CASE WHEN i % 10 = 0 THEN 'open' ELSE 'closed' END, ((i - 1) % $2::int) + 1, (i % 20) + 1, (i % 2) + 1,
       (i % 5) + 1, 1, 'Mensagem final', timestamptz '2024-01-01' + i * interval '1 minute',
       timestamptz '2024-01-01' + i * interval '1 minute'
     FROM generate_series(1, $1::int) i`,
    [TICKETS, CONTACTS],
  );
  // Message i belongs to ticket ((i - 1) % T) + 1, so i - T is the ticket's message before it: the quoted one.
  for (let from = 1; from <= MESSAGES; from += CHUNK) {
    await pool.query(
      `INSERT INTO "Messages" ("id", "ticketId", "body", "ack", "read", "mediaType", "fromMe", "contactId",
         "quotedMsgId", "companyId", "dataJson", "createdAt", "updatedAt")
       SELECT '3EB0' || lpad(to_hex(i), 12, '0'), ((i - 1) % $3::int) + 1,
         'Mensagem ' || i || ' sobre o pedido, o boleto e a entrega', i % 4, true, 'conversation', i % 2 = 0,
         CASE WHEN i % 2 = 1 THEN (((i - 1) % $3::int) % $4::int) + 1 END,
         CASE WHEN i % 20 = 0 AND i > $3::int THEN '3EB0' || lpad(to_hex(i - $3::int), 12, '0') END, 1,
         '{"key":{"id":"3EB0' || lpad(to_hex(i), 12, '0') || '","fromMe":' || (i % 2 = 0) || '}}',
         timestamptz '2024-01-01' + i * interval '1 second', timestamptz '2024-01-01' + i * interval '1 second'
       FROM generate_series($1::int, $2::int) i`,
      [from, Math.min(MESSAGES, from + CHUNK - 1), TICKETS, CONTACTS],
    );
  }
  await pool.query("ANALYZE");
}

export async function benchWhaticketImport(): Promise<Record<string, string>> {
  const source = await freshDatabase();
  const target = await freshDatabase();
  const sourcePool = new pg.Pool({ connectionString: source.url, max: 2 });
  const db = await openDb(target.url);
  try {
    let t = Date.now();
    await buildSource(sourcePool);
    console.log(`whaticket-import: source of ${MESSAGES} messages built in ${fmt((Date.now() - t) / 1000)} s`);
    await migrate(db);
    const rssBefore = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = rssBefore;
    let peakHeap = heapBefore;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 200);
    let messagesStarted = 0;
    let messagesDone = 0;
    let lastLine = 0;
    t = Date.now();
    const { report } = await importWhaticket(db.pool, {
      from: source.url,
      dryRun: false,
      media: { dir: null, baseUrl: null, dataDir: path.join(tmpdir(), "chatflow-bench-import"), maxBytes: 1 },
      progress: (line) => {
        if (line === "tickets: done") messagesStarted = Date.now();
        if (line === "messages: done") messagesDone = Date.now();
        if (line.startsWith("messages:") && Date.now() - lastLine > 10_000) {
          lastLine = Date.now();
          console.log(`whaticket-import: ${line}`);
        }
      },
    });
    const total = (Date.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const imported = report.count("messages").imported;
    if (imported !== MESSAGES) {
      throw new Error(
        `whaticket-import: ${imported} of ${MESSAGES} messages imported\n${report.lines(false).join("\n")}`,
      );
    }
    const step = (messagesDone - messagesStarted) / 1000;
    const mb = (n: number) => `${fmt(n / 1024 / 1024, 0)} MB`;
    return {
      "whaticket import: messages (tickets, contacts)": `${MESSAGES} (${TICKETS}, ${CONTACTS})`,
      "whaticket import: whole import": `${fmt(total)} s, ${fmt(MESSAGES / total, 0)} messages/s`,
      "whaticket import: messages step": `${fmt(step)} s, ${fmt(MESSAGES / step, 0)} messages/s`,
      "whaticket import: peak RSS (before the import)": `${mb(peak)} (${mb(rssBefore)})`,
      "whaticket import: peak JS heap used (before the import)": `${mb(peakHeap)} (${mb(heapBefore)})`,
      "whaticket import: machine load average (1 min) after the run": fmt(loadavg()[0] ?? Number.NaN, 1),
    };
  } finally {
    await sourcePool.end();
    await db.close();
    await source.drop();
    await target.drop();
  }
}
