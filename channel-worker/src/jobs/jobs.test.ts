import {
  buildCompany,
  buildContact,
  buildQueue,
  buildTicket,
  buildWhatsapp,
} from "@chatflow/core/testing/factories.ts";
import { forFile, testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import { watchIntervals } from "../testing/live-intervals.ts";
import { TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";
import { TIMED_JOBS } from "./timed-jobs.ts";

const INTERVAL_MS = 300;

const db = testDbForFile();
const conn = forFile(async () => {
  const company = await buildCompany(db.pool);
  const queue = await buildQueue(db.pool, { companyId: company.id });
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp" });
  // Waiting tickets go to the queue after 5 minutes; rating questions expire after 30.
  await db.pool.query(
    "UPDATE whatsapps SET time_send_queue = 5, send_id_queue = $2, expires_ticket_nps = 30 WHERE id = $1",
    [wa.id, queue.id],
  );
  return { companyId: company.id, whatsappId: wa.id, queueId: queue.id };
});

/** A ticket waiting in the bot with no queue since `minutesAgo`. */
async function waitingTicket(minutesAgo: number): Promise<number> {
  const contact = await buildContact(db.pool, { companyId: conn.companyId });
  const t = await buildTicket(db.pool, { ...conn, contactId: contact.id, queueId: null, status: "pending" });
  await db.pool.query("UPDATE tickets SET created_at = now() - make_interval(mins => $2) WHERE id = $1", [
    t.id,
    minutesAgo,
  ]);
  return t.id;
}

/** A ticket whose rating was asked `minutesAgo`. */
async function askedTicket(minutesAgo: number): Promise<number> {
  const contact = await buildContact(db.pool, { companyId: conn.companyId });
  const t = await buildTicket(db.pool, { ...conn, contactId: contact.id, queueId: conn.queueId, status: "nps" });
  await db.pool.query("UPDATE tickets SET rating_asked_at = now() - make_interval(mins => $2) WHERE id = $1", [
    t.id,
    minutesAgo,
  ]);
  return t.id;
}

async function ticket(id: number) {
  const { rows } = await db.pool.query<{ status: string; queue_id: number | null; redirects: number }>(
    `SELECT status, queue_id, (SELECT count(*)::int FROM ticket_logs l WHERE l.ticket_id = t.id AND l.type = 'redirect')
       AS redirects FROM tickets t WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/** How many times the redirect job has run so far, by either worker. */
async function redirectRuns(): Promise<Date | null> {
  const { rows } = await db.pool.query<{ last_finished_at: Date | null }>(
    "SELECT last_finished_at FROM agenda_jobs WHERE name = 'tickets:redirect'",
  );
  return rows[0]?.last_finished_at ?? null;
}

/** Database sessions the named workers hold (each worker's pool names itself as the application). */
async function sessionsOf(workerIds: string[]): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ANY($1)",
    [workerIds],
  );
  return rows[0]!.n;
}

/** Waits until the redirect job has finished a run that started after this call. */
async function aRunLater(): Promise<void> {
  const since = new Date();
  await waitFor(async () => ((await redirectRuns())?.getTime() ?? 0) > since.getTime(), "a later redirect run");
}

describe("#timed-jobs", () => {
  it("two workers share the jobs: a due ticket is redirected exactly once, and stop() ends the jobs", async () => {
    const logged: string[] = [];
    // Every interval the workers or agenda start from here on: what would keep a stopped worker polling.
    const intervals = watchIntervals(/node_modules\/agenda\/|channel-worker\/src\/worker\.ts/);
    onTestFinished(() => intervals.stop());
    const start = (workerId: string) =>
      startWorker({
        databaseUrl: `${db.url}?application_name=${workerId}`,
        workerId,
        ...TEST_WORKER,
        jobIntervalMs: INTERVAL_MS,
        ticketsAutoCloseHours: 2,
        log: (m) => logged.push(`${workerId}: ${m}`),
      });
    const workers: Worker[] = await Promise.all([start("jobs-a"), start("jobs-b")]);
    try {
      const due = await waitingTicket(10);
      const early = await waitingTicket(1);
      const expired = await askedTicket(31);
      // Idle three hours with auto-close at two: closes (an open ticket, so the redirect leaves it alone).
      const contact = await buildContact(db.pool, { companyId: conn.companyId });
      const idle = (await buildTicket(db.pool, { ...conn, contactId: contact.id, status: "open" })).id;
      await db.pool.query("UPDATE tickets SET updated_at = now() - interval '3 hours' WHERE id = $1", [idle]);
      await waitFor(async () => (await ticket(due)).queue_id === conn.queueId, "the due ticket to be redirected");
      await waitFor(async () => (await ticket(expired)).status === "closed", "the expired rating to close");
      await waitFor(async () => (await ticket(idle)).status === "closed", "the idle ticket to auto-close");

      // Several more runs, by either worker, find nothing left to do with it.
      for (let i = 0; i < 3; i++) await aRunLater();
      expect(await ticket(due)).toMatchObject({ status: "pending", queue_id: conn.queueId, redirects: 1 });
      expect(await ticket(early)).toMatchObject({ queue_id: null, redirects: 0 });
      // One row per job, however many workers scheduled it.
      const { rows } = await db.pool.query("SELECT name FROM agenda_jobs ORDER BY name");
      expect(rows.map((r) => r.name)).toEqual(TIMED_JOBS.map((j) => j.name).sort());
      // What the stop below must end, seen while the workers run: their polls and their sessions.
      expect((await intervals.live()).length).toBeGreaterThanOrEqual(4);
      expect(await sessionsOf(["jobs-a", "jobs-b"])).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }

    // Stopped: nothing of either worker is left that could act. No interval of theirs or agenda's runs (nothing
    // polls), and their pools are closed (no session left; an ended pool refuses every query). So no run takes a
    // ticket that falls due now, agenda no longer polls (it would log errors on the closed pool), and no job is
    // left locked for the next worker.
    expect(await intervals.live()).toEqual([]);
    await waitFor(async () => (await sessionsOf(["jobs-a", "jobs-b"])) === 0, "the workers' sessions to close");
    const lastRun = await redirectRuns();
    const loggedAtStop = logged.length;
    const afterStop = await waitingTicket(10);
    expect(await ticket(afterStop)).toMatchObject({ queue_id: null, redirects: 0 });
    expect(await redirectRuns()).toEqual(lastRun);
    expect(logged.slice(loggedAtStop)).toEqual([]);
    expect(logged.filter((m) => m.includes("failed") || m.includes("timed jobs:"))).toEqual([]);
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM agenda_jobs WHERE locked_at IS NOT NULL");
    expect(rows[0].n).toBe(0);
  }, 30_000);
});
