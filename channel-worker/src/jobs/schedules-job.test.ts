import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { sendDueSchedules } from "@chatflow/core/schedules/send-due-schedules.ts";
import { buildContact, buildQueue, buildUser, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { markFailed, markSent, recoverConnection } from "../outbound/outbound-store.ts";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import {
  type CloudSetup,
  contactWrote,
  setupCloudConnection,
  TEST_WORKER,
  waitFor,
  waitForLaterRuns,
} from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();

type ScheduleRow = {
  status: string;
  sent_at: Date | null;
  send_at: Date;
  sent_count: number;
  last_error: string | null;
};

/** A schedule written as POST /schedules writes it, due `sendAt`. */
async function schedule(
  c: { companyId: number; contactId: number },
  o: Partial<{
    body: string;
    sendAt: Date;
    assinar: boolean;
    openTicket: string;
    statusTicket: string;
    ticketUserId: number | null;
    queueId: number | null;
    intervalo: number;
    valorIntervalo: number;
    enviarQuantasVezes: number;
    tipoDias: number;
    whatsappId: number | null;
    userId: number | null;
    mediaPath: string | null;
  }> = {},
): Promise<number> {
  const sendAt = o.sendAt ?? new Date(Date.now() - 1000);
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO schedules (company_id, contact_id, body, send_at, anchor_at, assinar, open_ticket, status_ticket,
       ticket_user_id, queue_id, intervalo, valor_intervalo, enviar_quantas_vezes, tipo_dias, whatsapp_id, user_id,
       media_path)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
    [
      c.companyId,
      c.contactId,
      o.body ?? "Lembrete agendado",
      sendAt,
      o.assinar ?? false,
      o.openTicket ?? "disabled",
      o.statusTicket ?? "closed",
      o.ticketUserId ?? null,
      o.queueId ?? null,
      o.intervalo ?? 1,
      o.valorIntervalo ?? 0,
      o.enviarQuantasVezes ?? 1,
      o.tipoDias ?? 4,
      o.whatsappId ?? null,
      o.userId ?? null,
      o.mediaPath ?? null,
    ],
  );
  return rows[0]!.id;
}

async function row(id: number): Promise<ScheduleRow> {
  const { rows } = await db.pool.query<ScheduleRow>(
    "SELECT status, sent_at, send_at, sent_count, last_error FROM schedules WHERE id = $1",
    [id],
  );
  return rows[0]!;
}

/** The outbound messages queued on the contact's tickets, oldest first. */
async function messagesTo(companyId: number, contactId: number) {
  const { rows } = await db.pool.query<{
    body: string;
    ticket_id: number;
    send_state: string;
    media_type: string;
    media_url: string | null;
    user_id: number | null;
  }>(
    `SELECT body, ticket_id, send_state, media_type, media_url, user_id FROM messages
     WHERE company_id = $1 AND contact_id = $2 AND from_me ORDER BY id`,
    [companyId, contactId],
  );
  return rows;
}

const contactOf = async (c: CloudSetup) =>
  (await db.pool.query<{ contact_id: number }>("SELECT contact_id FROM tickets WHERE id = $1", [c.ticketId])).rows[0]!
    .contact_id;

/** A Cloud API connection whose contact wrote a moment ago: the 24-hour window is open (decision 0116). */
async function cloud(): Promise<CloudSetup> {
  const c = await setupCloudConnection(db.pool);
  await contactWrote(db.pool, c);
  return c;
}

const runAt = (now?: Date) => transaction(db.pool, (client) => sendDueSchedules(client, { now }));

describe("#schedules:send", () => {
  it("two workers send a due schedule exactly once, through the contact's ticket, and mark it sent", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const agent = await buildUser(db.pool, { companyId: c.companyId, name: "Joana" });
    const due = await schedule(
      { companyId: c.companyId, contactId },
      { body: "Olá {{name}}, sua consulta é amanhã", assinar: true, userId: agent.id },
    );
    const later = await schedule({ companyId: c.companyId, contactId }, { sendAt: new Date(Date.now() + 3_600_000) });
    const start = (workerId: string) =>
      startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, workerId, jobIntervalMs: 200, ...TEST_WORKER });
    const workers: Worker[] = await Promise.all([start("sched-a"), start("sched-b")]);
    try {
      await waitFor(async () => (await row(due)).status === "ENVIADA", "the due schedule to be sent");
      await waitFor(() => sentTexts(fake).length > 0, "the Graph API to receive it");
      // Later runs, by either worker, find nothing more to send.
      await waitForLaterRuns(db.pool, "schedules:send");
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const contactName = (await db.pool.query("SELECT name FROM contacts WHERE id = $1", [contactId])).rows[0].name;
    const text = `*Joana:*\nOlá ${contactName}, sua consulta é amanhã`;
    expect(sentTexts(fake)).toEqual([text]);
    const messages = await messagesTo(c.companyId, contactId);
    expect(messages).toEqual([
      expect.objectContaining({ body: text, ticket_id: c.ticketId, send_state: "sent", user_id: agent.id }),
    ]);
    expect(await row(due)).toMatchObject({ status: "ENVIADA", sent_count: 1, last_error: null });
    expect((await row(due)).sent_at).toBeInstanceOf(Date);
    expect(await row(later)).toMatchObject({ status: "PENDENTE", sent_count: 0, sent_at: null });
    const log = await db.pool.query("SELECT entity FROM change_log WHERE entity = 'schedules' AND entity_id = $1", [
      String(due),
    ]);
    expect(log.rows.length).toBe(1);
  });

  it("two transactions running at once queue each due schedule once", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const ids = [];
    for (let i = 0; i < 10; i++)
      ids.push(await schedule({ companyId: c.companyId, contactId }, { body: `Aviso ${i}` }));
    await Promise.all([runAt(), runAt(), runAt()]);
    const bodies = (await messagesTo(c.companyId, contactId)).map((m) => m.body).sort();
    expect(bodies).toEqual(ids.map((_, i) => `Aviso ${i}`).sort());
  });

  it("a run that dies before committing queues nothing, and the next run sends it once", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const id = await schedule({ companyId: c.companyId, contactId });
    const crash = new Error("worker died");
    await expect(
      transaction(db.pool, async (client) => {
        await sendDueSchedules(client);
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await messagesTo(c.companyId, contactId)).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "PENDENTE", sent_count: 0 });
    await runAt();
    await runAt();
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "ENVIADA", sent_count: 1 });
  });

  it("repeats every interval the number of times asked, then stops", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    // A Wednesday, 12:00 in São Paulo; every 2 days, 3 sends, sent normally on weekends (4).
    const start = new Date("2030-01-02T15:00:00.000Z");
    const id = await schedule(
      { companyId: c.companyId, contactId },
      { sendAt: start, intervalo: 1, valorIntervalo: 2, enviarQuantasVezes: 3, tipoDias: 4 },
    );
    await runAt(new Date("2030-01-02T15:00:01.000Z"));
    expect(await row(id)).toMatchObject({
      status: "PENDENTE",
      sent_count: 1,
      send_at: new Date("2030-01-04T15:00:00Z"),
    });
    // Not due yet: nothing.
    await runAt(new Date("2030-01-04T14:59:00.000Z"));
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(1);
    await runAt(new Date("2030-01-04T15:00:00.000Z"));
    // The third falls on Sunday 6 January: sent that day.
    expect(await row(id)).toMatchObject({ sent_count: 2, send_at: new Date("2030-01-06T15:00:00Z") });
    await runAt(new Date("2030-01-06T15:00:00.000Z"));
    expect(await row(id)).toMatchObject({ status: "ENVIADA", sent_count: 3 });
    await runAt(new Date("2030-02-01T00:00:00.000Z"));
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(3);
  });

  it("moves a repeat off the weekend to the working day before (5) or after (6)", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    // Thursday 3 January 2030 + 3 days = Sunday 6.
    const start = new Date("2030-01-03T15:00:00.000Z");
    const rules = { sendAt: start, intervalo: 1, valorIntervalo: 3, enviarQuantasVezes: 2 };
    const before = await schedule({ companyId: c.companyId, contactId }, { ...rules, tipoDias: 5 });
    const after = await schedule({ companyId: c.companyId, contactId }, { ...rules, tipoDias: 6 });
    const normal = await schedule({ companyId: c.companyId, contactId }, { ...rules, tipoDias: 4 });
    await runAt(new Date("2030-01-03T15:00:00.000Z"));
    expect((await row(before)).send_at).toEqual(new Date("2030-01-04T15:00:00Z"));
    expect((await row(after)).send_at).toEqual(new Date("2030-01-07T15:00:00Z"));
    expect((await row(normal)).send_at).toEqual(new Date("2030-01-06T15:00:00Z"));
  });

  it("merges a repeat the rule moves back onto the send already made (daily from a Friday, rule 5)", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const id = await schedule(
      { companyId: c.companyId, contactId },
      {
        sendAt: new Date("2030-01-04T15:00:00.000Z"),
        intervalo: 1,
        valorIntervalo: 1,
        enviarQuantasVezes: 4,
        tipoDias: 5,
      },
    );
    await runAt(new Date("2030-01-04T15:00:00.000Z"));
    // Saturday and Sunday both move back to Friday, which already had its send: next is Monday.
    expect(await row(id)).toMatchObject({
      status: "PENDENTE",
      sent_count: 3,
      send_at: new Date("2030-01-07T15:00:00Z"),
    });
    await runAt(new Date("2030-01-04T15:00:30.000Z"));
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(1);
    await runAt(new Date("2030-01-07T15:00:00.000Z"));
    expect(await row(id)).toMatchObject({ status: "ENVIADA", sent_count: 4 });
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(2);
  });

  it("opens a ticket for the user and queue asked when the contact has none, and sends media with its caption", async () => {
    const c = await cloud();
    // WhatsApp by QR code has no 24-hour window: a contact who never wrote may get it.
    const qr = await buildWhatsapp(db.pool, { companyId: c.companyId, channel: "whatsapp" });
    const contact = await buildContact(db.pool, { companyId: c.companyId, name: "Sem ticket" });
    const queue = await buildQueue(db.pool, { companyId: c.companyId });
    const agent = await buildUser(db.pool, { companyId: c.companyId });
    const mediaPath = `/media/${c.companyId}/0190b8a0-0000-7000-8000-000000000000-folheto.pdf`;
    await schedule(
      { companyId: c.companyId, contactId: contact.id },
      {
        openTicket: "enabled",
        statusTicket: "open",
        ticketUserId: agent.id,
        queueId: queue.id,
        whatsappId: qr.id,
        mediaPath,
        body: "Segue o folheto",
      },
    );
    await runAt();
    const [message] = await messagesTo(c.companyId, contact.id);
    expect(message).toMatchObject({ body: "Segue o folheto", media_type: "application", media_url: mediaPath });
    const ticket = await db.pool.query("SELECT status, user_id, queue_id FROM tickets WHERE id = $1", [
      message!.ticket_id,
    ]);
    expect(ticket.rows[0]).toEqual({ status: "open", user_id: agent.id, queue_id: queue.id });
  });

  it("without openTicket, a contact with no ticket gets the message on a new closed ticket", async () => {
    const c = await cloud();
    const qr = await buildWhatsapp(db.pool, { companyId: c.companyId, channel: "whatsapp" });
    const contact = await buildContact(db.pool, { companyId: c.companyId });
    await schedule({ companyId: c.companyId, contactId: contact.id }, { whatsappId: qr.id });
    await runAt();
    const [message] = await messagesTo(c.companyId, contact.id);
    const ticket = await db.pool.query("SELECT status, user_id FROM tickets WHERE id = $1", [message!.ticket_id]);
    expect(ticket.rows[0]).toEqual({ status: "closed", user_id: null });
  });

  it("marks ERRO, and queues nothing, for a blocked contact; the other due schedules still go", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const blocked = await buildContact(db.pool, { companyId: c.companyId });
    await db.pool.query("UPDATE contacts SET active = false WHERE id = $1", [blocked.id]);
    const bad = await schedule({ companyId: c.companyId, contactId: blocked.id }, { whatsappId: c.whatsappId });
    const good = await schedule({ companyId: c.companyId, contactId });
    await runAt();
    expect(await row(bad)).toMatchObject({ status: "ERRO", sent_count: 0, last_error: "Contato bloqueado" });
    expect(await row(good)).toMatchObject({ status: "ENVIADA" });
    expect(await messagesTo(c.companyId, blocked.id)).toEqual([]);
    // ERRO is final until someone edits the time: later runs leave it.
    await runAt();
    expect(await row(bad)).toMatchObject({ status: "ERRO" });
  });

  it("shows a send the channel refuses later, or leaves in doubt, as ERRO; a doubtful send confirmed puts it back", async () => {
    const c = await cloud();
    const contactId = await contactOf(c);
    const once = await schedule({ companyId: c.companyId, contactId }, { body: "Uma vez" });
    const repeating = await schedule(
      { companyId: c.companyId, contactId },
      { body: "Todo dia", intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3 },
    );
    await runAt();
    expect(await row(once)).toMatchObject({ status: "ENVIADA" });
    expect(await row(repeating)).toMatchObject({ status: "PENDENTE", sent_count: 1 });
    const sentBy = async (id: number) =>
      (await db.pool.query<{ m: string }>("SELECT last_message_id AS m FROM schedules WHERE id = $1", [id])).rows[0]!.m;
    const owner = { workerId: "w-test", generation: 1, guardMs: 0, companyId: c.companyId };
    const inFlight = (id: string) =>
      db.pool.query("UPDATE messages SET claimed_by = 'w-test', send_state = 'sending' WHERE id = $1", [id]);
    const scheduleChanges = async (id: number) =>
      (await db.pool.query("SELECT 1 FROM change_log WHERE entity = 'schedules' AND entity_id = $1", [String(id)]))
        .rowCount;

    // The channel refuses the one-off send: the schedule says so, and the PWAs hear of it.
    const onceMessage = await sentBy(once);
    await inFlight(onceMessage);
    const changesBefore = await scheduleChanges(once);
    await markFailed(db.pool, onceMessage, "ERR_SENDING_WAPP_MSG", owner);
    expect(await row(once)).toMatchObject({ status: "ERRO", last_error: "ERR_SENDING_WAPP_MSG" });
    expect(await scheduleChanges(once)).toBe((changesBefore ?? 0) + 1);
    // It went out after all (the in-doubt case): ENVIADA again.
    expect(await markSent(db.pool, onceMessage, "wamid.confirmed", owner)).toBe(true);
    expect(await row(once)).toMatchObject({ status: "ENVIADA", last_error: null });

    // A worker died mid-send: the new owner fails the send in doubt, and the repeating schedule shows ERRO
    // (no more repeats until someone edits it); confirmed later, it is PENDENTE again for its next repeat.
    const repeatMessage = await sentBy(repeating);
    await inFlight(repeatMessage);
    expect(await recoverConnection(db.pool, { id: c.whatsappId, companyId: c.companyId })).toEqual({
      requeued: 0,
      inDoubt: 1,
    });
    expect(await row(repeating)).toMatchObject({ status: "ERRO", last_error: "ERR_SEND_OUTCOME_UNKNOWN" });
    await runAt(new Date(Date.now() + 2 * 86_400_000));
    expect(await row(repeating)).toMatchObject({ status: "ERRO", sent_count: 1 });
    expect(await markSent(db.pool, repeatMessage, "wamid.late", owner)).toBe(true);
    expect(await row(repeating)).toMatchObject({ status: "PENDENTE", last_error: null, sent_count: 1 });

    // An ordinary send confirmed moves no schedule.
    await inFlight(onceMessage);
    await db.pool.query("UPDATE schedules SET status = 'ERRO', last_error = 'edited' WHERE id = $1", [once]);
    await db.pool.query("UPDATE messages SET send_state = 'sending' WHERE id = $1", [onceMessage]);
    expect(await markSent(db.pool, onceMessage, "wamid.again", owner)).toBe(true);
    expect(await row(once)).toMatchObject({ status: "ERRO", last_error: "edited" });
  });

  it("past the Cloud API's 24-hour window stores the message failed with the window's reason and shows ERRO", async () => {
    // Meta refuses a free-form message to a contact who has not written in 24 hours (error 131047): the schedule
    // does not queue one, it says why (decision 0116), and the conversation shows the message that did not go.
    const c = await setupCloudConnection(db.pool);
    const contactId = await contactOf(c);
    await db.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 'Oi', false, now() - interval '25 hours')`,
      [c.companyId, c.ticketId, contactId, c.whatsappId],
    );
    const repeating = await schedule(
      { companyId: c.companyId, contactId },
      { body: "Lembrete diário", intervalo: 1, valorIntervalo: 1, enviarQuantasVezes: 3 },
    );
    const seq = await db.pool.query<{ s: string }>(
      "SELECT COALESCE(max(seq), 0) AS s FROM change_log WHERE company_id = $1",
      [c.companyId],
    );
    await runAt();
    expect(await row(repeating)).toMatchObject({
      status: "ERRO",
      sent_count: 1,
      last_error: "ERR_OUTSIDE_MESSAGING_WINDOW",
    });
    expect(await messagesTo(c.companyId, contactId)).toEqual([
      expect.objectContaining({ body: "Lembrete diário", ticket_id: c.ticketId, send_state: "failed" }),
    ]);
    const stored = await db.pool.query("SELECT ack, error_code FROM messages WHERE company_id = $1 AND from_me", [
      c.companyId,
    ]);
    expect(stored.rows).toEqual([{ ack: -1, error_code: "ERR_OUTSIDE_MESSAGING_WINDOW" }]);
    const changed = await db.pool.query<{ entity: string }>(
      "SELECT DISTINCT entity FROM change_log WHERE company_id = $1 AND seq > $2",
      [c.companyId, seq.rows[0]!.s],
    );
    expect(changed.rows.map((r) => r.entity).sort()).toEqual(["messages", "schedules", "tickets"]);
    // ERRO stops the repeats: a later run queues nothing more, and no worker has anything to send.
    await runAt(new Date(Date.now() + 2 * 86_400_000));
    expect(await messagesTo(c.companyId, contactId)).toHaveLength(1);
    const queued = await db.pool.query("SELECT 1 FROM messages WHERE company_id = $1 AND send_state = 'queued'", [
      c.companyId,
    ]);
    expect(queued.rowCount).toBe(0);

    // The contact writes: the window opens, and the schedule edited to a new time goes out as text.
    await contactWrote(db.pool, c);
    const again = await schedule({ companyId: c.companyId, contactId }, { body: "Agora vai" });
    await runAt();
    expect(await row(again)).toMatchObject({ status: "ENVIADA", last_error: null });
    expect((await messagesTo(c.companyId, contactId)).at(-1)).toMatchObject({
      body: "Agora vai",
      send_state: "queued",
    });
  });
});
