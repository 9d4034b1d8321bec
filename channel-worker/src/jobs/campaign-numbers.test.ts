// Campaign items "not on WhatsApp" (spec 3 §2, §3 ContactListItem.isWhatsappValid, the report's valid contacts;
// decision 0120), end to end through the worker: on WhatsApp by QR code the connection's socket asks WhatsApp
// (Baileys' onWhatsApp on the stand-in, answered in WhatsApp's USync format through Baileys' own coder) before the
// campaign sends, and a number not on it is marked invalid and never sent to; on the Cloud API, which has no number
// check, Meta's refusal of a send with 131026 marks it.
import { loadCampaignReport } from "@chatflow/core/campaigns/campaign-queries.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { postgresAuthState } from "../adapters/baileys-auth.ts";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { fakeGraphApiForFile } from "../testing/fake-graph-api.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { contactWrote, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  // The next test's connection is the only one a worker serves.
  await db.pool.query("UPDATE whatsapps SET channel = 'facebook'");
});

/** A running campaign (sent at once, all day) to a new list of `numbers` through the connection. */
async function campaignTo(pool: pg.Pool, c: { companyId: number; whatsappId: number }, numbers: string[]) {
  for (const [key, value] of Object.entries({
    startHour: "00:00",
    endHour: "23:59",
    sabado: "true",
    domingo: "true",
    messageInterval: "0",
  }))
    await pool.query("INSERT INTO campaign_settings (company_id, key, value) VALUES ($1, $2, $3)", [
      c.companyId,
      key,
      value,
    ]);
  const list = await pool.query<{ id: number }>(
    "INSERT INTO contact_lists (company_id, name) VALUES ($1, 'Lista') RETURNING id",
    [c.companyId],
  );
  await pool.query(
    `INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
     SELECT $1, $2, 'Pessoa ' || n, n FROM unnest($3::text[]) n`,
    [c.companyId, list.rows[0]!.id, numbers],
  );
  const campaign = await pool.query<{ id: number }>(
    `INSERT INTO campaigns (company_id, name, whatsapp_id, contact_list_id, message1, status, scheduled_at)
     VALUES ($1, 'Promoção', $2, $3, 'Oi {nome}', 'PROGRAMADA', now() - interval '1 minute') RETURNING id`,
    [c.companyId, c.whatsappId, list.rows[0]!.id],
  );
  return campaign.rows[0]!.id;
}

const items = async (companyId: number) =>
  (
    await db.pool.query<{ number: string; valid: boolean; checked: boolean }>(
      `SELECT number, is_whatsapp_valid AS valid, whatsapp_checked_at IS NOT NULL AS checked
       FROM contact_list_items WHERE company_id = $1 ORDER BY number`,
      [companyId],
    )
  ).rows;

const campaignStatus = async (companyId: number, id: number) =>
  (await db.pool.query("SELECT status FROM campaigns WHERE company_id = $1 AND id = $2", [companyId, id])).rows[0]
    .status as string;

describe("#campaigns.not-on-whatsapp", () => {
  it("WhatsApp by QR code: asks WhatsApp about the list in batches, sends only to numbers on it", async () => {
    const company = await buildCompany(db.pool);
    const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
    const c = { companyId: company.id, whatsappId: wa.id };
    const auth = await postgresAuthState(db.pool, c);
    auth.state.creds.registered = true;
    await auth.saveCreds();
    const sockets = standInSockets();
    worker = await startWorker({
      databaseUrl: db.url,
      ...TEST_WORKER,
      jobIntervalMs: 200,
      baileysSocket: sockets.factory,
      baileysNumberCheck: { batch: 2, intervalMs: 50, afterErrorMs: 100 },
    });
    const socket = await openStandInConnection(db.pool, sockets, c);
    // On WhatsApp: one number as asked, one Brazilian mobile whose account WhatsApp still answers by its eight-digit
    // jid (before the ninth digit). Not on WhatsApp: 5511900000002. The first query WhatsApp refuses (rate limit).
    socket.onWhatsappNumbers.set("5511900000001", "5511900000001");
    socket.onWhatsappNumbers.set("5521987654321", "552187654321");
    let refusals = 1;
    socket.onNumberQuery = async () => {
      if (refusals-- > 0) throw Object.assign(new Error("rate-overlimit"), { output: { statusCode: 429 } });
    };
    const campaignId = await campaignTo(db.pool, c, ["5511900000001", "5511900000002", "5521987654321"]);

    await waitFor(() => socket.sent.length === 2, "the campaign's two messages to reach the socket", 20_000);
    expect(socket.sent.map((s) => s.jid).sort()).toEqual([
      "5511900000001@s.whatsapp.net",
      "5521987654321@s.whatsapp.net",
    ]);
    // Batches of two, the refused one asked again: never more numbers per query than the pace allows.
    expect(socket.numberQueries).toEqual([
      ["5511900000001", "5511900000002"],
      ["5511900000001", "5511900000002"],
      ["5521987654321"],
    ]);
    expect(await items(c.companyId)).toEqual([
      { number: "5511900000001", valid: true, checked: true },
      { number: "5511900000002", valid: false, checked: true },
      { number: "5521987654321", valid: true, checked: true },
    ]);
    await waitFor(async () => (await campaignStatus(c.companyId, campaignId)) === "FINALIZADA", "the campaign's end");
    const report = await loadCampaignReport(db.pool, c.companyId, campaignId);
    expect(report.totals).toMatchObject({ contacts: 3, valid: 2, delivered: 2, failed: 1 });
    // Nothing more is asked: a checked list is not asked about again.
    const asked = socket.numberQueries.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.numberQueries).toHaveLength(asked);
  });

  it("Cloud API: a send Meta refuses because the number is not on WhatsApp (131026) marks the item invalid", async () => {
    const c = await setupCloudConnection(db.pool);
    await contactWrote(db.pool, c);
    // Meta's error response as the Cloud API's error codes page shows 131026 ("Message undeliverable": the number
    // is not a WhatsApp number, among its reasons) and the Graph API's error shape (message, type, code, error_data).
    fake.reply = () => ({
      status: 400,
      body: {
        error: {
          message: "(#131026) Message undeliverable",
          type: "OAuthException",
          code: 131026,
          error_data: { messaging_product: "whatsapp", details: "Message Undeliverable." },
          fbtrace_id: "AbCdEf123",
        },
      },
    });
    const campaignId = await campaignTo(db.pool, c, [c.contactNumber]);
    worker = await startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER, jobIntervalMs: 200 });
    await waitFor(async () => (await campaignStatus(c.companyId, campaignId)) === "FINALIZADA", "the campaign's end");
    expect(fake.requests.map((r) => r.body.to)).toEqual([c.contactNumber]);
    expect(await items(c.companyId)).toEqual([{ number: c.contactNumber, valid: false, checked: false }]);
    const report = await loadCampaignReport(db.pool, c.companyId, campaignId);
    expect(report.totals).toMatchObject({ contacts: 1, valid: 0, delivered: 0, failed: 1 });
  });
});
