// The worker's timed jobs on agenda with its PostgreSQL backend: each recurring job is one row in agenda_jobs
// (migration 0011) that every worker polls, and the backend's row lock lets one worker at a time run it.
import { PostgresBackend } from "@agendajs/postgres-backend";
import { AUDIT_PURGE_MAX_ROWS, purgeAuditEntries } from "@chatflow/core/audit/audit-retention.ts";
import { CAMPAIGNS_BATCH, sendDueCampaigns } from "@chatflow/core/campaigns/send-due-campaigns.ts";
import { FLOW_RESUME_JOB } from "@chatflow/core/flows/runtime/flow-runs.ts";
import {
  deliverIntegrationSteps,
  INTEGRATION_STEPS_BATCH,
  integrationRuntimeConfig,
} from "@chatflow/core/integrations/deliver-integration-steps.ts";
import {
  checkPixPayments,
  type PaymentCheckConfig,
  paymentCheckConfig,
} from "@chatflow/core/invoices/check-payments.ts";
import { createDueInvoices, INVOICES_BATCH } from "@chatflow/core/invoices/invoices.ts";
import { advanceKanbanLanes, LANES_BATCH } from "@chatflow/core/kanban/advance-lanes.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { FILL_SEARCH_WORDS_BATCH, fillSearchWords } from "@chatflow/core/messages/fill-search-words.ts";
import { SCHEDULES_BATCH, sendDueSchedules } from "@chatflow/core/schedules/send-due-schedules.ts";
import { PRUNE_MAX_ROWS, pruneChangeLog } from "@chatflow/core/sync/prune-change-log.ts";
import { autoCloseTickets } from "@chatflow/core/tickets/auto-close-tickets.ts";
import { expireRatings } from "@chatflow/core/tickets/expire-ratings.ts";
import { redirectWaitingTickets } from "@chatflow/core/tickets/redirect-tickets.ts";
import { Agenda, type Job } from "agenda";
import type pg from "pg";
import { defineFlowJobs } from "./flow-jobs.ts";
import { SERVICE_JOBS } from "./service-jobs.ts";
import type { JobSettings, TimedJob } from "./timed-job.ts";

export type { JobSettings, TimedJob } from "./timed-job.ts";

export const DEFAULT_AUTO_CLOSE_HOURS = 24;
/** Tickets auto-closed per company and status in one transaction. */
const AUTO_CLOSE_BATCH = 500;

export const TIMED_JOBS: TimedJob[] = [
  { name: "tickets:redirect", run: (client) => redirectWaitingTickets(client) },
  { name: "tickets:expire-ratings", run: (client) => expireRatings(client) },
  {
    name: "tickets:auto-close",
    run: (client, s) => autoCloseTickets(client, { hours: s.autoCloseHours, batch: AUTO_CLOSE_BATCH }),
    batch: AUTO_CLOSE_BATCH,
  },
  // Scheduled messages (decision 0037): each due one queued once on the outbound path, repeats rescheduled.
  {
    name: "schedules:send",
    run: (client) => sendDueSchedules(client, { batch: SCHEDULES_BATCH }),
    unit: "schedule(s)",
    batch: SCHEDULES_BATCH,
  },
  // Bulk campaigns (decision 0076): due ones start, each contact's message queued once, paced by the settings.
  {
    name: "campaigns:send",
    run: (client) => sendDueCampaigns(client, { batch: CAMPAIGNS_BATCH }),
    unit: "campaign message(s)",
    batch: CAMPAIGNS_BATCH,
    everyMs: 2000,
  },
  // Kanban lane timers (decision 0047): tickets past their lane's timeLane move on or back, greeted once.
  {
    name: "kanban:lanes",
    run: (client) => advanceKanbanLanes(client, { batch: LANES_BATCH }),
    batch: LANES_BATCH,
  },
  // Ingest writes two log entries per message: one bounded batch a minute would fall behind, hence `batch`.
  {
    name: "sync:prune-change-log",
    run: (client) => pruneChangeLog(client, { maxRows: PRUNE_MAX_ROWS }),
    unit: "change-log entries",
    batch: PRUNE_MAX_ROWS,
  },
  // The audit log's retention (decision 0108): entries past their company's days (or AUDIT_RETENTION_DAYS) go.
  {
    name: "audit:purge",
    run: (client) => purgeAuditEntries(client, { maxRows: AUDIT_PURGE_MAX_ROWS }),
    unit: "audit entries",
    batch: AUDIT_PURGE_MAX_ROWS,
  },
  // The search's stored words of the messages stored before migration 0124 (decision 0124), newest first.
  {
    name: "messages:fill-search-words",
    run: (client) => fillSearchWords(client, { batch: FILL_SEARCH_WORDS_BATCH }),
    unit: "message(s) given their search words",
    batch: FILL_SEARCH_WORDS_BATCH,
  },
  // Inactivity text, expiry, queue rotation (service-jobs.ts).
  ...SERVICE_JOBS,
  // Queue integrations and prompts (decision 0056): the steps the inbound path left, one transaction each.
  {
    name: "integrations:deliver",
    runOnPool: (pool, s) => deliverIntegrationSteps(pool, s.integrations ?? integrationRuntimeConfig()),
    unit: "integration step(s)",
    batch: INTEGRATION_STEPS_BATCH,
    everyMs: 2000,
  },
  // Invoices (decision 0079): each company's next one, from its plan, ahead of its due date; once per due date.
  {
    name: "invoices:create-due",
    run: (client) => createDueInvoices(client, { batch: INVOICES_BATCH }),
    unit: "invoice(s)",
    batch: INVOICES_BATCH,
  },
  // Pix charges EFI cannot notify (no PUBLIC_URL; decision 0104): asked about until paid or expired.
  {
    name: "invoices:check-payments",
    runOnPool: (pool, s) => checkPixPayments(pool, s.payments ?? paymentCheckConfig()),
    unit: "invoice(s) paid",
  },
];

export const DEFAULT_JOB_INTERVAL_MS = 60_000;

export type TimedJobsOptions = {
  pool: pg.Pool;
  /** Names this worker in agenda_jobs.last_modified_by (who locked a job last). */
  workerId: string;
  /** How often each job runs; a minute unless a test asks for less. */
  intervalMs?: number;
  /** Defaults to DEFAULT_AUTO_CLOSE_HOURS. */
  autoCloseHours?: number;
  /** The payment check's DATA_DIR and EFI endpoint; the environment's when left out. */
  payments?: PaymentCheckConfig;
  log: (message: string) => void;
};

export type TimedJobs = {
  /** Stops taking runs, waits for the ones in progress, and hands back the ones it had locked ahead of time. */
  stop(): Promise<void>;
};

/** One run of a job: its use case in a transaction, again while it answers a full batch and time remains. */
export async function runTimedJob(
  pool: pg.Pool,
  job: TimedJob,
  settings: JobSettings,
  budgetMs: number,
): Promise<number> {
  const started = Date.now();
  let total = 0;
  for (;;) {
    const changed = job.runOnPool
      ? await job.runOnPool(pool, settings)
      : await transaction(pool, (client) => job.run(client, settings));
    total += changed;
    if (job.batch === undefined || changed < job.batch || Date.now() - started >= budgetMs) return total;
  }
}

export async function startTimedJobs(opts: TimedJobsOptions): Promise<TimedJobs> {
  const intervalMs = opts.intervalMs ?? DEFAULT_JOB_INTERVAL_MS;
  // A worker that dies mid-run holds the job's lock this long: a few intervals, not agenda's 10 minutes.
  // Two runs overlapping after that is harmless: the use cases skip rows another run has locked.
  // At least 10 s: agenda checks a running job every half lifetime, and on a loaded machine a check landing
  // between a run's end and its bookkeeping cancels it ("no lockedAt date found"); short test intervals made
  // those checks frequent enough to fail the jobs test now and then.
  const lockLifetimeMs = Math.max(5 * intervalMs, 10_000);
  const processEveryMs = Math.min(intervalMs, 5000, ...TIMED_JOBS.map((j) => j.everyMs ?? intervalMs));
  const agenda = new Agenda({
    backend: new PostgresBackend({
      // The worker's pool, so agenda never closes it under the worker.
      pool: opts.pool,
      // Migration 0011 made the table: the backend's DDL at connect fails when workers start together.
      ensureSchema: false,
      // Recurring jobs are found by polling; LISTEN would hold a pooled connection for nothing.
      disableNotifications: true,
    }),
    name: opts.workerId,
    // Agenda's own 5 s poll, or faster when the interval is shorter (tests).
    processEvery: processEveryMs,
    defaultLockLifetime: lockLifetimeMs,
  });
  agenda.on("error", (err) => opts.log(`timed jobs: ${err.message}`));
  agenda.on("fail", (err: Error, job: Job) => opts.log(`timed job ${job.attrs.name} failed: ${err.message}`));

  const settings: JobSettings = {
    autoCloseHours: opts.autoCloseHours ?? DEFAULT_AUTO_CLOSE_HOURS,
    ...(opts.payments ? { payments: opts.payments } : {}),
  };
  // Well inside the lock's lifetime, so a draining run never outlives its lock.
  const budgetMs = Math.min(20_000, lockLifetimeMs / 4);
  for (const timed of TIMED_JOBS) {
    agenda.define(timed.name, async () => {
      const changed = await runTimedJob(opts.pool, timed, settings, budgetMs);
      if (changed > 0) opts.log(`${timed.name}: ${changed} ${timed.unit ?? "ticket(s)"}`);
    });
  }
  defineFlowJobs(agenda, opts.pool, opts.log);
  await agenda.start();
  // Upserts one row per job name (type 'single'): every worker calls it, the first creates the row, and a job
  // already scheduled keeps its next run.
  for (const timed of TIMED_JOBS) await agenda.every(Math.min(intervalMs, timed.everyMs ?? intervalMs), timed.name);

  return {
    async stop() {
      // drain() lets the runs in progress finish and save (which unlocks them) while the pool is still open...
      await agenda.drain(lockLifetimeMs);
      // ...but keeps the runs it had locked ahead of their time: hand those back now rather than have the other
      // workers wait for the lock to expire.
      const handBack = () =>
        opts.pool.query(
          "UPDATE agenda_jobs SET locked_at = NULL WHERE locked_at IS NOT NULL AND last_modified_by = $1 AND name = ANY($2)",
          [opts.workerId, [...TIMED_JOBS.map((j) => j.name), FLOW_RESUME_JOB]],
        );
      await handBack();
      // A processing tick already on its way when drain() cleared the interval can still lock a run after that: its
      // lock would hold the job from the other workers for the whole lock lifetime. Handed back again once such a
      // tick has had the time to land (a CI run's campaign waited past its 8 s for a lock taken so).
      await new Promise((r) => setTimeout(r, Math.min(processEveryMs, 1000)));
      await handBack();
    },
  };
}
