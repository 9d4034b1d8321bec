// The job runner started alone on a real database: its timed jobs run on their interval (a ticket waiting past
// the connection's time goes to its queue) and stop() ends them.
import {
  buildCompany,
  buildContact,
  buildQueue,
  buildTicket,
  buildWhatsapp,
} from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import { startJobRunner } from "./job-runner.ts";
import { waitFor } from "./testing/outbound-fixtures.ts";

const db = testDbForFile();

describe("#job-runner", () => {
  it("runs the timed jobs on their interval: a waiting ticket past its time goes to the queue", async () => {
    const company = await buildCompany(db.pool);
    const queue = await buildQueue(db.pool, { companyId: company.id });
    const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp" });
    await db.pool.query(
      "UPDATE whatsapps SET time_send_queue = 5, send_id_queue = $2 WHERE id = $1 AND company_id = $3",
      [wa.id, queue.id, company.id],
    );
    const contact = await buildContact(db.pool, { companyId: company.id });
    const t = await buildTicket(db.pool, {
      companyId: company.id,
      whatsappId: wa.id,
      contactId: contact.id,
      queueId: null,
      status: "pending",
    });
    await db.pool.query(
      "UPDATE tickets SET created_at = now() - interval '10 minutes' WHERE id = $1 AND company_id = $2",
      [t.id, company.id],
    );

    const runner = await startJobRunner({ pool: db.pool, workerId: "jobs-alone", intervalMs: 300, log: () => {} });
    onTestFinished(() => runner.stop());
    await waitFor(async () => {
      const { rows } = await db.pool.query<{ queue_id: number | null }>(
        "SELECT queue_id FROM tickets WHERE id = $1 AND company_id = $2",
        [t.id, company.id],
      );
      return rows[0]!.queue_id === queue.id;
    }, "the waiting ticket to be redirected");

    await runner.stop();
    // Stopped: no run of ours is left locked.
    const { rows } = await db.pool.query(
      "SELECT name FROM agenda_jobs WHERE locked_at IS NOT NULL AND last_modified_by = 'jobs-alone'",
    );
    expect(rows).toEqual([]);
  });
});
