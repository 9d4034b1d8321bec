// The timed jobs this worker runs (agenda on PostgreSQL, one worker per run; jobs/timed-jobs.ts): started once
// the worker serves its connections, stopped by draining the runs in progress.
import type { PaymentCheckConfig } from "@chatflow/core/invoices/check-payments.ts";
import type pg from "pg";
import { startTimedJobs } from "./jobs/timed-jobs.ts";

export type JobRunnerOptions = {
  pool: pg.Pool;
  workerId: string;
  /** How often each timed job runs, in ms; a minute by default. */
  intervalMs?: number;
  /** Idle hours before open and pending tickets close; 24 by default, 0 = never. */
  autoCloseHours?: number;
  /** The payment check's DATA_DIR and EFI endpoint (decision 0104). */
  payments?: PaymentCheckConfig;
  log(message: string): void;
};

export type JobRunner = {
  /** Waits for the runs in progress and hands back the ones locked ahead of time; the same promise however often called. */
  stop(): Promise<void>;
};

export async function startJobRunner(o: JobRunnerOptions): Promise<JobRunner> {
  const jobs = await startTimedJobs({
    pool: o.pool,
    workerId: o.workerId,
    intervalMs: o.intervalMs,
    autoCloseHours: o.autoCloseHours,
    payments: o.payments,
    log: o.log,
  });
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= jobs.stop();
      return stopped;
    },
  };
}
