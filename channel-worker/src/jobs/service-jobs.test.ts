import {
  buildCompany,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
  buildWhatsapp,
} from "@chatflow/core/testing/factories.ts";
import { forFile, testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();
const world = forFile(async () => {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp" });
  // Expiry after 30 minutes of the last message, inactivity text after 10 minutes of the contact's silence.
  await db.pool.query(
    `UPDATE whatsapps SET expires_ticket = 30, expires_inactive_message = 'Encerrado', time_inactive_message = 10,
       inactive_message = 'Ainda está aí?' WHERE id = $1`,
    [wa.id],
  );
  const queue = await buildQueue(db.pool, { companyId: company.id });
  await db.pool.query("UPDATE queues SET ativar_roteador = true, tempo_roteador = 5 WHERE id = $1", [queue.id]);
  const agent = await buildUser(db.pool, { companyId: company.id, profile: "user" });
  await db.pool.query("UPDATE users SET online = true WHERE id = $1", [agent.id]);
  await db.pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
    agent.id,
    queue.id,
    company.id,
  ]);
  return { companyId: company.id, whatsappId: wa.id, queueId: queue.id, agentId: agent.id };
});

/** A ticket whose contact last wrote `minutesAgo`. */
async function quietTicket(o: { status: string; minutesAgo: number; queueId?: number }) {
  const contact = await buildContact(db.pool, { companyId: world.companyId });
  const t = await buildTicket(db.pool, {
    companyId: world.companyId,
    whatsappId: world.whatsappId,
    contactId: contact.id,
    status: o.status,
    queueId: o.queueId ?? null,
  });
  await db.pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, 'oi', false, now() - make_interval(mins => $5))`,
    [world.companyId, t.id, contact.id, world.whatsappId, o.minutesAgo],
  );
  await db.pool.query("UPDATE tickets SET created_at = now() - make_interval(mins => $2) WHERE id = $1", [
    t.id,
    o.minutesAgo,
  ]);
  return t.id;
}

const row = async (id: number) =>
  (
    await db.pool.query<{ status: string; user_id: number | null; texts: string[]; logs: string[] }>(
      `SELECT t.status, t.user_id,
         ARRAY(SELECT m.body FROM messages m WHERE m.ticket_id = t.id AND m.from_me ORDER BY m.id) AS texts,
         ARRAY(SELECT l.type::text FROM ticket_logs l WHERE l.ticket_id = t.id ORDER BY l.id) AS logs
       FROM tickets t WHERE t.id = $1`,
      [id],
    )
  ).rows[0]!;

describe("#service-jobs", () => {
  it("two workers run the inactivity text, expiry and rotation, each once", async () => {
    const start = (workerId: string) =>
      startWorker({
        databaseUrl: `${db.url}?application_name=${workerId}`,
        workerId,
        ...TEST_WORKER,
        jobIntervalMs: 300,
        ticketsAutoCloseHours: 0,
        log: () => {},
      });
    const workers: Worker[] = await Promise.all([start("service-a"), start("service-b")]);
    try {
      const silent = await quietTicket({ status: "pending", minutesAgo: 12 });
      const expired = await quietTicket({ status: "open", minutesAgo: 40 });
      const waiting = await quietTicket({ status: "pending", minutesAgo: 6, queueId: world.queueId });
      await waitFor(async () => (await row(expired)).status === "closed", "the expired ticket to close");
      await waitFor(async () => (await row(silent)).texts.length > 0, "the inactivity text");
      await waitFor(async () => (await row(waiting)).user_id === world.agentId, "the rotation");
      // Several more runs of each job by either worker change nothing.
      const since = new Date();
      await waitFor(async () => {
        const { rows } = await db.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM agenda_jobs WHERE name = ANY($1) AND last_finished_at > $2",
          [["tickets:service-timers"], new Date(since.getTime() + 700)],
        );
        return rows[0]!.n === 1;
      }, "a later run of the job");
      expect(await row(expired)).toMatchObject({ status: "closed", texts: ["Encerrado"], logs: ["closed"] });
      expect(await row(silent)).toMatchObject({ status: "pending", texts: ["Ainda está aí?"], logs: [] });
      expect(await row(waiting)).toMatchObject({ status: "pending", user_id: world.agentId, logs: ["redirect"] });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }, 30_000);
});
