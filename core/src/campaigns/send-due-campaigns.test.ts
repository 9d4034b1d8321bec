// The campaign sender (spec 3 §4, §9; decision 0076): due campaigns start, each contact's message is queued once
// across runs, cancels and restarts, paced by the settings, inside the sending hours; outcomes mark the shipping
// records and a refused number invalid; the campaign ends FINALIZADA.
import { describe, expect, it } from "vitest";
import { CAMPAIGN_SETTINGS_DEFAULTS } from "../contract/campaigns.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { numbersToCheck, recordNumberCheck } from "./campaign-number-check.ts";
import { loadCampaignReport } from "./campaign-queries.ts";
import { pauseAfter, sendDueCampaigns, withinSendingWindow } from "./send-due-campaigns.ts";

const core = coreForFile();
const pool = () => core.db.pool;
const run = (now: Date) => transaction(pool(), (client) => sendDueCampaigns(client, { now }));
const ALL_DAY = { startHour: "00:00", endHour: "23:59", sabado: "true", domingo: "true" };

/**
 * A company, its campaign settings, a list of `items` people and a campaign to them. The connection is WhatsApp by
 * QR code unless `channel` says otherwise: its tests are about pacing, and a Cloud API connection's 24-hour window
 * has its own test below. Its list items were asked about already (WhatsApp by QR code checks them before it sends,
 * decision 0120) unless `checked` is false.
 */
async function world(
  settings: Record<string, string | number>,
  items = 3,
  opts: { openTicket?: string; channel?: string; checked?: boolean } = {},
) {
  const companyId = (await buildCompany(pool())).id;
  const whatsapp = await buildWhatsapp(pool(), { companyId, channel: opts.channel ?? "whatsapp" });
  for (const [key, value] of Object.entries({ ...ALL_DAY, ...settings }))
    await pool().query("INSERT INTO campaign_settings (company_id, key, value) VALUES ($1, $2, $3)", [
      companyId,
      key,
      String(value),
    ]);
  const list = await pool().query<{ id: number }>(
    "INSERT INTO contact_lists (company_id, name) VALUES ($1, 'Lista') RETURNING id",
    [companyId],
  );
  await pool().query(
    `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email, whatsapp_checked_at)
     SELECT $1, $2, 'Pessoa ' || g, (5511900000000 + g)::text, 'p' || g || '@x.com', CASE WHEN $4 THEN now() END
     FROM generate_series(1, $3) g`,
    [companyId, list.rows[0]!.id, items, opts.checked ?? true],
  );
  const campaign = await pool().query<{ id: number }>(
    `INSERT INTO campaigns (company_id, name, whatsapp_id, contact_list_id, message1, message2, status, scheduled_at,
       open_ticket, status_ticket)
     VALUES ($1, 'Teste', $2, $3, 'Oi {nome}, seu número é {numero}', 'Olá {nome}!', 'PROGRAMADA', now() - interval '1 minute',
       $4, 'pending') RETURNING id`,
    [companyId, whatsapp.id, list.rows[0]!.id, opts.openTicket ?? "disabled"],
  );
  return { companyId, campaignId: campaign.rows[0]!.id, listId: list.rows[0]!.id, whatsappId: whatsapp.id };
}

const status = async (w: { companyId: number; campaignId: number }) =>
  (await pool().query("SELECT status FROM campaigns WHERE company_id = $1 AND id = $2", [w.companyId, w.campaignId]))
    .rows[0].status as string;
const queued = async (w: { companyId: number }) =>
  (
    await pool().query<{ body: string; number: string }>(
      `SELECT m.body, c.number FROM messages m JOIN contacts c ON c.id = m.contact_id
       WHERE m.company_id = $1 AND m.from_me ORDER BY c.number`,
      [w.companyId],
    )
  ).rows;

describe("#campaigns:send", () => {
  it("starts a due campaign, queues one message per contact once, and ends FINALIZADA once all went out", async () => {
    const w = await world({ messageInterval: 0 });
    const now = new Date();
    expect(await run(now)).toBe(3);
    expect(await status(w)).toBe("EM_ANDAMENTO");
    const sent = await queued(w);
    expect(sent.map((m) => m.number)).toEqual(["5511900000001", "5511900000002", "5511900000003"]);
    for (const m of sent)
      expect([
        `Oi Pessoa ${m.number.slice(-1)}, seu número é ${m.number}`,
        `Olá Pessoa ${m.number.slice(-1)}!`,
      ]).toContain(m.body);
    // Another run (another worker, a restart) sends nothing again.
    expect(await run(new Date(now.getTime() + 1000))).toBe(0);
    expect(await queued(w)).toHaveLength(3);
    expect(await status(w)).toBe("EM_ANDAMENTO");
    // The channel sends them: delivered, and the campaign ends.
    await pool().query("UPDATE messages SET send_state = 'sent', ack = 1 WHERE company_id = $1", [w.companyId]);
    await run(new Date(now.getTime() + 5000));
    expect(await status(w)).toBe("FINALIZADA");
    const report = await pool().query(
      "SELECT count(delivered_at)::int AS delivered FROM campaign_shippings WHERE company_id = $1 AND campaign_id = $2",
      [w.companyId, w.campaignId],
    );
    expect(report.rows[0].delivered).toBe(3);
  });

  it("paces by the interval, stops on cancel and resumes on restart without sending twice", async () => {
    const w = await world({ messageInterval: 10, longerIntervalAfter: 0 });
    const t0 = new Date();
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect(await run(t0)).toBe(1);
    expect(await run(at(5))).toBe(0);
    expect(await run(at(11))).toBe(1);
    await pool().query("UPDATE campaigns SET status = 'CANCELADA' WHERE company_id = $1 AND id = $2", [
      w.companyId,
      w.campaignId,
    ]);
    expect(await run(at(30))).toBe(0);
    await pool().query("UPDATE campaigns SET status = 'EM_ANDAMENTO' WHERE company_id = $1 AND id = $2", [
      w.companyId,
      w.campaignId,
    ]);
    expect(await run(at(31))).toBe(1);
    expect(await run(at(60))).toBe(0);
    const numbers = (await queued(w)).map((m) => m.number);
    expect(numbers).toEqual(["5511900000001", "5511900000002", "5511900000003"]);
  });

  it("opens a pending ticket in no one's name when openTicket says so, and marks a refused number invalid", async () => {
    const w = await world({ messageInterval: 0 }, 2, { openTicket: "enabled" });
    await run(new Date());
    const tickets = await pool().query("SELECT status, user_id FROM tickets WHERE company_id = $1", [w.companyId]);
    expect(tickets.rows).toEqual([
      { status: "pending", user_id: null },
      { status: "pending", user_id: null },
    ]);
    const first = await pool().query<{ id: string }>(
      `SELECT m.id FROM messages m JOIN contacts c ON c.id = m.contact_id WHERE m.company_id = $1 AND c.number = $2`,
      [w.companyId, "5511900000001"],
    );
    await pool().query(
      "UPDATE messages SET send_state = 'failed', ack = -1, error_code = 'ERR_WAPP_INVALID_CONTACT' WHERE id = $1",
      [first.rows[0]!.id],
    );
    await pool().query("UPDATE messages SET send_state = 'sent' WHERE company_id = $1 AND send_state = 'queued'", [
      w.companyId,
    ]);
    await run(new Date(Date.now() + 3000));
    const items = await pool().query(
      "SELECT number, is_whatsapp_valid FROM contact_list_items WHERE company_id = $1 ORDER BY number",
      [w.companyId],
    );
    expect(items.rows.map((r) => r.is_whatsapp_valid)).toEqual([false, true]);
    expect(await status(w)).toBe("FINALIZADA");
  });

  it("asks the confirmation first and sends the message only to the contact who answered", async () => {
    const w = await world({ messageInterval: 0 }, 2);
    await pool().query(
      "UPDATE campaigns SET confirmation = true, confirmation_message1 = 'Posso enviar, {nome}?', message2 = '' WHERE id = $1",
      [w.campaignId],
    );
    expect(await run(new Date())).toBe(2);
    expect((await queued(w)).map((m) => m.body)).toEqual(["Posso enviar, Pessoa 1?", "Posso enviar, Pessoa 2?"]);
    expect(await run(new Date(Date.now() + 3000))).toBe(0);
    // Pessoa 1 answers.
    await pool().query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at)
       SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.whatsapp_id, 'Pode sim', false, 0, now() + interval '1 second'
       FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.company_id = $1 AND c.number = '5511900000001'`,
      [w.companyId],
    );
    expect(await run(new Date(Date.now() + 6000))).toBe(1);
    const bodies = (await queued(w)).map((m) => m.body);
    expect(bodies).toContain("Oi Pessoa 1, seu número é 5511900000001");
    expect(bodies.filter((b) => b.startsWith("Oi"))).toHaveLength(1);
    await pool().query("UPDATE messages SET send_state = 'sent' WHERE company_id = $1 AND from_me", [w.companyId]);
    await run(new Date(Date.now() + 9000));
    const rows = await pool().query(
      `SELECT number, confirmation_requested_at IS NOT NULL AS asked, confirmed_at IS NOT NULL AS confirmed,
         delivered_at IS NOT NULL AS delivered FROM campaign_shippings WHERE company_id = $1 ORDER BY number`,
      [w.companyId],
    );
    expect(rows.rows).toEqual([
      { number: "5511900000001", asked: true, confirmed: true, delivered: true },
      { number: "5511900000002", asked: true, confirmed: false, delivered: false },
    ]);
    expect(await status(w)).toBe("EM_ANDAMENTO");
  });

  it("a shipping failed by a late failure of its confirmation stays failed, never delivered too", async () => {
    const w = await world({ messageInterval: 0 }, 1);
    await pool().query(
      "UPDATE campaigns SET confirmation = true, confirmation_message1 = 'Posso enviar, {nome}?', message2 = '' WHERE id = $1",
      [w.campaignId],
    );
    expect(await run(new Date())).toBe(1);
    await pool().query(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, created_at)
       SELECT gen_random_uuid(), t.company_id, t.id, t.contact_id, t.whatsapp_id, 'Pode sim', false, 0, now() + interval '1 second'
       FROM tickets t WHERE t.company_id = $1`,
      [w.companyId],
    );
    expect(await run(new Date(Date.now() + 3000))).toBe(1);
    // The message went out; then the platform reports the confirmation failed (a late Cloud API status).
    await pool().query("UPDATE messages SET send_state = 'sent' WHERE company_id = $1 AND from_me", [w.companyId]);
    await pool().query(
      `UPDATE messages SET send_state = 'failed', error_code = 'ERR_SENDING_WAPP_MSG'
       WHERE id = (SELECT confirmation_message_id FROM campaign_shippings WHERE company_id = $1)`,
      [w.companyId],
    );
    for (const later of [6000, 9000]) await run(new Date(Date.now() + later));
    const rows = await pool().query(
      `SELECT delivered_at IS NOT NULL AS delivered, failed_at IS NOT NULL AS failed FROM campaign_shippings
       WHERE company_id = $1`,
      [w.companyId],
    );
    expect(rows.rows).toEqual([{ delivered: false, failed: true }]);
  });

  it("sends nothing outside the hours or on a day off, and keeps the longer pause's rhythm", async () => {
    const w = await world({ messageInterval: 0, startHour: "00:00", endHour: "00:00" });
    expect(await run(new Date())).toBe(0);
    expect(await queued(w)).toHaveLength(0);
    // Saturday 2026-11-28 12:00 in São Paulo (15:00 UTC); Monday 2026-11-30 12:00.
    const window = { ...CAMPAIGN_SETTINGS_DEFAULTS };
    expect(withinSendingWindow(new Date("2026-11-28T15:00:00Z"), window)).toBe(false);
    expect(withinSendingWindow(new Date("2026-11-28T15:00:00Z"), { ...window, sabado: "true" })).toBe(true);
    expect(withinSendingWindow(new Date("2026-11-30T15:00:00Z"), window)).toBe(true);
    expect(withinSendingWindow(new Date("2026-11-30T22:00:00Z"), window)).toBe(false);
    const pacing = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect(pauseAfter(19, pacing)).toBe(20_000);
    expect(pauseAfter(20, pacing)).toBe(80_000);
  });

  it("past the Cloud API's 24-hour window stores the message failed with the window's reason and fails the shipping", async () => {
    // Meta refuses a free-form message to a contact who has not written in 24 hours (131047): the campaign does
    // not queue one (decision 0116). Pessoa 1 wrote an hour ago, Pessoa 2 a day and an hour ago, Pessoa 3 never.
    const w = await world({ messageInterval: 0 }, 3, { channel: "whatsappapi" });
    for (const [n, hoursAgo] of [
      [1, 1],
      [2, 25],
    ] as const) {
      const contact = await buildContact(pool(), { companyId: w.companyId, number: `551190000000${n}` });
      const ticket = await buildTicket(pool(), {
        companyId: w.companyId,
        contactId: contact.id,
        whatsappId: w.whatsappId,
        status: "closed",
      });
      await pool().query(
        `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, 'Oi', false, now() - make_interval(hours => $5))`,
        [w.companyId, ticket.id, contact.id, w.whatsappId, hoursAgo],
      );
    }
    const now = new Date();
    expect(await run(now)).toBe(3);
    const stored = await pool().query(
      `SELECT c.number, m.send_state, m.ack, m.error_code FROM messages m JOIN contacts c ON c.id = m.contact_id
       WHERE m.company_id = $1 AND m.from_me ORDER BY c.number`,
      [w.companyId],
    );
    expect(stored.rows).toEqual([
      { number: "5511900000001", send_state: "queued", ack: 0, error_code: null },
      { number: "5511900000002", send_state: "failed", ack: -1, error_code: "ERR_OUTSIDE_MESSAGING_WINDOW" },
      { number: "5511900000003", send_state: "failed", ack: -1, error_code: "ERR_OUTSIDE_MESSAGING_WINDOW" },
    ]);
    // The channel sends Pessoa 1's; the next turn settles every outcome and the campaign ends.
    await pool().query(
      "UPDATE messages SET send_state = 'sent', ack = 1 WHERE company_id = $1 AND send_state = 'queued'",
      [w.companyId],
    );
    await run(new Date(now.getTime() + 3000));
    const shippings = await pool().query(
      `SELECT number, delivered_at IS NOT NULL AS delivered, failed_at IS NOT NULL AS failed, error
       FROM campaign_shippings WHERE company_id = $1 AND campaign_id = $2 ORDER BY number`,
      [w.companyId, w.campaignId],
    );
    expect(shippings.rows).toEqual([
      { number: "5511900000001", delivered: true, failed: false, error: null },
      { number: "5511900000002", delivered: false, failed: true, error: "ERR_OUTSIDE_MESSAGING_WINDOW" },
      { number: "5511900000003", delivered: false, failed: true, error: "ERR_OUTSIDE_MESSAGING_WINDOW" },
    ]);
    expect(await status(w)).toBe("FINALIZADA");
    // The window says nothing about the number: the list's items stay valid for the next campaign.
    const items = await pool().query(
      "SELECT bool_and(is_whatsapp_valid) AS valid FROM contact_list_items WHERE company_id = $1",
      [w.companyId],
    );
    expect(items.rows[0].valid).toBe(true);
  });

  it("past the window the confirmation is not sent either, so the contact is never asked", async () => {
    const w = await world({ messageInterval: 0 }, 1, { channel: "whatsappapi" });
    await pool().query(
      "UPDATE campaigns SET confirmation = true, confirmation_message1 = 'Posso enviar, {nome}?', message2 = '' WHERE id = $1",
      [w.campaignId],
    );
    expect(await run(new Date())).toBe(1);
    const stored = await pool().query("SELECT body, send_state, error_code FROM messages WHERE company_id = $1", [
      w.companyId,
    ]);
    expect(stored.rows).toEqual([
      { body: "Posso enviar, Pessoa 1?", send_state: "failed", error_code: "ERR_OUTSIDE_MESSAGING_WINDOW" },
    ]);
    await run(new Date(Date.now() + 3000));
    const shipping = await pool().query("SELECT error, message_id FROM campaign_shippings WHERE company_id = $1", [
      w.companyId,
    ]);
    expect(shipping.rows).toEqual([{ error: "ERR_OUTSIDE_MESSAGING_WINDOW", message_id: null }]);
    expect(await status(w)).toBe("FINALIZADA");
  });

  it("on WhatsApp by QR code sends to a list item only once WhatsApp said it is on it; one not on it never", async () => {
    const w = await world({ messageInterval: 0 }, 3, { checked: false });
    const connection = { companyId: w.companyId, whatsappId: w.whatsappId };
    const now = new Date();
    // The audience is taken, but nothing goes before the connection's socket asked (the worker's number check).
    expect(await run(now)).toBe(0);
    expect(await status(w)).toBe("EM_ANDAMENTO");
    const asked = await numbersToCheck(pool(), connection, 25);
    expect(asked.map((n) => n.number)).toEqual(["5511900000001", "5511900000002", "5511900000003"]);
    // Another connection's check sees none of them.
    expect(await numbersToCheck(pool(), { ...connection, whatsappId: w.whatsappId + 1000 }, 25)).toEqual([]);
    await transaction(pool(), (c) =>
      recordNumberCheck(
        c,
        w.companyId,
        asked.map((n) => ({ itemId: n.itemId, onWhatsapp: n.number !== "5511900000002" })),
      ),
    );
    expect(await numbersToCheck(pool(), connection, 25)).toEqual([]);
    expect(await run(new Date(now.getTime() + 3000))).toBe(2);
    expect((await queued(w)).map((m) => m.number)).toEqual(["5511900000001", "5511900000003"]);
    const shippings = await pool().query(
      "SELECT number, message_id IS NOT NULL AS sent, error FROM campaign_shippings WHERE company_id = $1 ORDER BY number",
      [w.companyId],
    );
    expect(shippings.rows).toEqual([
      { number: "5511900000001", sent: true, error: null },
      { number: "5511900000002", sent: false, error: "ERR_WAPP_INVALID_CONTACT" },
      { number: "5511900000003", sent: true, error: null },
    ]);
    const items = await pool().query(
      "SELECT number, is_whatsapp_valid AS valid FROM contact_list_items WHERE company_id = $1 ORDER BY number",
      [w.companyId],
    );
    expect(items.rows.map((r) => r.valid)).toEqual([true, false, true]);
    // Both go out: the campaign ends, its report at 2 of 2 valid contacts.
    await pool().query("UPDATE messages SET send_state = 'sent', ack = 1 WHERE company_id = $1", [w.companyId]);
    await run(new Date(now.getTime() + 6000));
    expect(await status(w)).toBe("FINALIZADA");
    const report = await loadCampaignReport(pool(), w.companyId, w.campaignId);
    expect(report.totals).toMatchObject({ contacts: 3, valid: 2, delivered: 2, failed: 1 });
  });

  it("a Cloud API campaign is not held for a check: Meta has no number check to ask", async () => {
    const w = await world({ messageInterval: 0 }, 1, { channel: "whatsappapi", checked: false });
    expect(await run(new Date())).toBe(1);
    const shipping = await pool().query("SELECT message_id FROM campaign_shippings WHERE company_id = $1", [
      w.companyId,
    ]);
    expect(shipping.rows[0].message_id).not.toBeNull();
  });

  it("a failure reported after the send, even after the campaign ended, fails the shipping and marks the item", async () => {
    // The Cloud API takes a message to a number not on WhatsApp and reports it failed (131026) by webhook later.
    const w = await world({ messageInterval: 0 }, 2);
    const now = new Date();
    expect(await run(now)).toBe(2);
    await pool().query("UPDATE messages SET send_state = 'sent', ack = 1 WHERE company_id = $1", [w.companyId]);
    await run(new Date(now.getTime() + 3000));
    expect(await status(w)).toBe("FINALIZADA");
    await pool().query(
      `UPDATE messages SET send_state = 'failed', ack = -1, error_code = 'ERR_WAPP_INVALID_CONTACT'
       WHERE company_id = $1 AND contact_id = (SELECT id FROM contacts WHERE company_id = $1 AND number = '5511900000002')`,
      [w.companyId],
    );
    await run(new Date(now.getTime() + 6000));
    const shippings = await pool().query(
      `SELECT number, delivered_at IS NOT NULL AS delivered, error FROM campaign_shippings
       WHERE company_id = $1 ORDER BY number`,
      [w.companyId],
    );
    expect(shippings.rows).toEqual([
      { number: "5511900000001", delivered: true, error: null },
      { number: "5511900000002", delivered: false, error: "ERR_WAPP_INVALID_CONTACT" },
    ]);
    const report = await loadCampaignReport(pool(), w.companyId, w.campaignId);
    expect(report.totals).toMatchObject({ contacts: 2, valid: 1, delivered: 1, failed: 1 });
  });
});
