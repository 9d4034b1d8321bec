// The kanban lane timer as a timed job (decision 0047): two workers, one due ticket, one move and one greeting
// sent through the Cloud API stand-in.
import { buildTag } from "@chatflow/core/testing/contacts-factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import { setupCloudConnection, TEST_WORKER, waitFor, waitForLaterRuns } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();

const lanesOf = async (ticketId: number) =>
  (await db.pool.query<{ tag_id: number }>("SELECT tag_id FROM ticket_tags WHERE ticket_id = $1", [ticketId])).rows.map(
    (r) => r.tag_id,
  );

describe("#kanban:lanes", () => {
  it("two workers move a ticket whose lane time is up to the next lane once, greeting the contact once", async () => {
    const c = await setupCloudConnection(db.pool);
    const first = await buildTag(db.pool, { companyId: c.companyId, kanban: 1, name: "Proposta enviada" });
    const next = await buildTag(db.pool, { companyId: c.companyId, kanban: 1, name: "Follow-up" });
    await db.pool.query("UPDATE tags SET time_lane = 1, next_lane_id = $2 WHERE id = $1", [first.id, next.id]);
    await db.pool.query("UPDATE tags SET greeting_message_lane = 'Olá {{name}}, alguma dúvida?' WHERE id = $1", [
      next.id,
    ]);
    // The contact wrote two hours ago, before the ticket entered the lane: the Cloud API's 24-hour window is open
    // (decision 0116).
    await db.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
       SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.whatsapp_id, 'Oi', false, now() - interval '2 hours'
       FROM tickets t WHERE t.id = $1 AND t.company_id = $2`,
      [c.ticketId, c.companyId],
    );
    await db.pool.query(
      `INSERT INTO ticket_tags (ticket_id, tag_id, company_id, created_at)
       VALUES ($1, $2, $3, now() - interval '90 minutes')`,
      [c.ticketId, first.id, c.companyId],
    );
    const start = (workerId: string) =>
      startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, workerId, jobIntervalMs: 200, ...TEST_WORKER });
    const workers: Worker[] = await Promise.all([start("lanes-a"), start("lanes-b")]);
    try {
      await waitFor(async () => (await lanesOf(c.ticketId)).includes(next.id), "the ticket to move on");
      await waitFor(() => sentTexts(fake).length > 0, "the Graph API to receive the greeting");
      // Later runs, by either worker, find nothing more to move or send.
      await waitForLaterRuns(db.pool, "kanban:lanes");
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const name = (
      await db.pool.query("SELECT c.name FROM contacts c JOIN tickets t ON t.contact_id = c.id WHERE t.id = $1", [
        c.ticketId,
      ])
    ).rows[0].name;
    expect(sentTexts(fake)).toEqual([`Olá ${name}, alguma dúvida?`]);
    expect(await lanesOf(c.ticketId)).toEqual([next.id]);
    const greetings = await db.pool.query("SELECT send_state FROM messages WHERE ticket_id = $1 AND from_me", [
      c.ticketId,
    ]);
    expect(greetings.rows).toEqual([{ send_state: "sent" }]);
  }, 60_000);
});
