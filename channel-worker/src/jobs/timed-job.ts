// What a timed job is (timed-jobs.ts runs them; service-jobs.ts and timed-jobs.ts list them).
import type { IntegrationRuntimeConfig } from "@chatflow/core/integrations/deliver-integration-steps.ts";
import type { PaymentCheckConfig } from "@chatflow/core/invoices/check-payments.ts";
import type pg from "pg";

/** What the jobs read from the worker's configuration. */
export type JobSettings = {
  /** Spec 1 §4: idle open and pending tickets close after this many hours (TICKETS_AUTO_CLOSE_HOURS; 0 = never). */
  autoCloseHours: number;
  /** Queue integrations and prompts (decision 0056); read from the environment when not given. */
  integrations?: IntegrationRuntimeConfig;
  /** The Pix charges EFI cannot notify (decision 0104); read from the environment when not given. */
  payments?: PaymentCheckConfig;
};

/** A recurring job: one core use case, run in its own transaction; it answers how many rows it changed. */
export type TimedJob = TimedJobRun & {
  name: string;
  /** What the answer counts, for the log: tickets unless said. */
  unit?: string;
  /**
   * The most one run of `run` changes. An answer this large means more is due: the job runs again at once, in a
   * new transaction (short locks each), until it answers less or its time budget is spent, so a bounded job keeps
   * pace with the writes that feed it.
   */
  batch?: number;
  /** Runs this often when more often than the workers' interval (a bot's answer should not wait a minute). */
  everyMs?: number;
};

type TimedJobRun =
  | { run(client: pg.ClientBase, settings: JobSettings): Promise<number>; runOnPool?: undefined }
  /** A job that takes its own transactions: its outside calls must not hold one open around them all. */
  | { runOnPool(pool: pg.Pool, settings: JobSettings): Promise<number>; run?: undefined };
