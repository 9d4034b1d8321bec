// The connection's and the queue's timed service rules (decision 0046), as one recurring job of timed-jobs.ts: the
// inactivity text, ticket expiry and queue rotation. Each is a core use case over every company, bounded per run.
// One agenda job for the three, not three: every job is one more poll and lock per interval on every worker.
import { INACTIVE_BATCH, sendInactiveMessages } from "@chatflow/core/bot/send-inactive-messages.ts";
import { ROTATE_BATCH, rotateWaitingTickets } from "@chatflow/core/queues/rotate-waiting-tickets.ts";
import { EXPIRE_BATCH, expireTickets } from "@chatflow/core/tickets/expire-tickets.ts";
import type { TimedJob } from "./timed-job.ts";

/** The smallest of the three batches: a run that fills it may have left work, so it runs again at once. */
const SERVICE_BATCH = Math.min(INACTIVE_BATCH, EXPIRE_BATCH, ROTATE_BATCH);

export const SERVICE_JOBS: TimedJob[] = [
  {
    name: "tickets:service-timers",
    async run(client) {
      // Expiry first: a ticket about to close gets its closing text, not the inactivity one.
      const expired = await expireTickets(client, { batch: SERVICE_BATCH });
      const told = await sendInactiveMessages(client, { batch: SERVICE_BATCH });
      const rotated = await rotateWaitingTickets(client, { batch: SERVICE_BATCH });
      return Math.max(expired, told, rotated);
    },
    batch: SERVICE_BATCH,
  },
];
