// The flow runtime's interval waits (decision 0054): core writes one agenda job row per wait, in the transaction
// that moved the run, named flows:resume with the run and its step; this worker's agenda runs it when due. A job
// retried after a crash, or run by two workers, finds the step moved on and does nothing.
import { FLOW_RESUME_JOB, resumeFlowRun, ZFlowResumeKey } from "@chatflow/core/flows/runtime/flow-runs.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import type { Agenda, Job } from "agenda";
import type pg from "pg";

/** Finished resume jobs are kept this long (agenda leaves a one-off job's row behind), then removed. */
const KEEP_FINISHED = "10 minutes";

export function defineFlowJobs(agenda: Agenda, pool: pg.Pool, log: (message: string) => void): void {
  agenda.define(FLOW_RESUME_JOB, async (job: Job) => {
    const key = ZFlowResumeKey.safeParse(job.attrs.data);
    if (!key.success) {
      log(`${FLOW_RESUME_JOB}: a job with data that names no run (${job.attrs._id})`);
      return;
    }
    await transaction(pool, (client) => resumeFlowRun(client, key.data));
    await pool.query(
      `DELETE FROM agenda_jobs WHERE name = $1 AND next_run_at IS NULL AND locked_at IS NULL
         AND last_finished_at < now() - $2::interval`,
      [FLOW_RESUME_JOB, KEEP_FINISHED],
    );
  });
}
