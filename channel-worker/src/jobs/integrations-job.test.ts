// The worker's integrations:deliver job (decision 0056): the steps the inbound path left are done by the timed job,
// which takes its own transactions, and a retry waits for its backoff.
import { buildBotConnection, contactWrites, newNumber } from "@chatflow/core/testing/bot-factories.ts";
import { startFakeWebhookReceiver } from "@chatflow/core/testing/fake-integrations.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { runTimedJob, TIMED_JOBS } from "./timed-jobs.ts";

const db = testDbForFile();

describe("#integrations:deliver", () => {
  it("posts a queue's webhook from the timed job, and leaves a failed post for its backoff", async () => {
    const receiver = await startFakeWebhookReceiver();
    try {
      const wa = await buildBotConnection(db.pool, { queues: [{ name: "Atendimento" }] });
      const { rows } = await db.pool.query<{ id: number }>(
        `INSERT INTO queue_integrations (company_id, type, name, url_n8n, signing_secret)
         VALUES ($1, 'webhook', 'CRM', $2, 'k') RETURNING id`,
        [wa.companyId, receiver.url],
      );
      await db.pool.query("UPDATE queues SET integration_id = $2 WHERE id = $1", [wa.queues[0]!.id, rows[0]!.id]);
      const job = TIMED_JOBS.find((j) => j.name === "integrations:deliver")!;
      const settings = {
        autoCloseHours: 0,
        integrations: {
          allowPrivateTargets: true,
          openaiBaseUrl: "http://127.0.0.1:9/v1",
          dialogflowBaseUrl: "http://127.0.0.1:9",
          ttsBaseUrl: "http://127.0.0.1:9",
          timeoutMs: 5000,
          backoffBaseMs: 60_000,
          maxAttempts: 3,
        },
      };
      receiver.statuses.push(502);
      const from = newNumber();
      await contactWrites(db.pool, { ...wa, from, body: "primeira" });
      expect(await runTimedJob(db.pool, job, settings, 10_000)).toBe(0);
      expect(receiver.received).toHaveLength(1);
      // The failed step waits a minute; the next message's step waits behind it (a ticket's steps keep their order).
      await contactWrites(db.pool, { ...wa, from, body: "segunda" });
      await runTimedJob(db.pool, job, settings, 10_000);
      expect(receiver.received).toHaveLength(1);
      // A second back: the database clock has microseconds, the job's JS clock milliseconds.
      await db.pool.query(
        "UPDATE integration_steps SET next_attempt_at = now() - interval '1 second' WHERE company_id = $1",
        [wa.companyId],
      );
      expect(await runTimedJob(db.pool, job, settings, 10_000)).toBe(2);
      expect(receiver.received.map((r) => JSON.parse(r.body).message.body)).toEqual([
        "primeira",
        "primeira",
        "segunda",
      ]);
    } finally {
      await receiver.close();
    }
  });
});
