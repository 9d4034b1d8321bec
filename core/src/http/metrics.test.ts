// What a Prometheus scrape of core reads: only with METRICS_TOKEN, the requests it answered by route pattern and
// status, its pool, its realtime sockets, what ingest stored, and Node's own process metrics.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildWhatsapp } from "../testing/factories.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { metricValue } from "../testing/metric-value.ts";
import { coreForFile } from "../testing/test-world.ts";

const TOKEN = "scrape-token-0123456789";
const core = coreForFile({ metricsToken: TOKEN });

async function scrape(token = TOKEN): Promise<{ status: number; text: string }> {
  const res = await fetch(`${core.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
}

/** The value of one series, by its name and labels (in any order; the part's label is added). */
const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  metricValue(text, name, { ...labels, part: "core" });

describe("#metrics", () => {
  it("answers a scrape only with the token", async () => {
    expect((await fetch(`${core.url}/metrics`)).status).toBe(403);
    const wrong = await scrape("scrape-token-9876543210");
    expect(wrong.status).toBe(403);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: "ERR_INVALID_TOKEN" });
    expect((await scrape()).status).toBe(200);
  });

  it("counts requests by route pattern and status, never by the URL's ids", async () => {
    const s = await buildInbox(core);
    for (const id of [s.contact.id, s.contact.id + 1_000_000]) {
      await core.api("GET", `/contacts/${id}`, { token: s.adminToken });
    }
    const { text } = await scrape();
    expect(
      value(text, "chatflow_http_request_duration_seconds_count", {
        method: "GET",
        route: "/contacts/:id",
        status: "200",
      }),
    ).toBe(1);
    expect(
      value(text, "chatflow_http_request_duration_seconds_count", {
        method: "GET",
        route: "/contacts/:id",
        status: "404",
      }),
    ).toBe(1);
    expect(text).not.toContain(`/contacts/${s.contact.id}"`);
    expect(value(text, "chatflow_db_pool_connections", { state: "waiting" })).toBe(0);
    expect(value(text, "chatflow_realtime_sockets")).toBe(0);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("counts what ingest commits: a redelivered message is an event but not a second stored message", async () => {
    const s = await buildInbox(core);
    const phoneNumberId = `55${Date.now() % 1_000_000_000}`;
    await buildWhatsapp(core.db.pool, {
      companyId: s.company.id,
      phoneNumberId,
      accessToken: "t",
      appSecret: "secret-1",
    });
    // Meta's documented text message notification (WhatsApp Cloud API, webhooks "messages", text).
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: "16505551234" }],
                messages: [
                  {
                    from: "16505551234",
                    id: `wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA${Date.now()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    text: { body: "Does it come in another color?" },
                    type: "text",
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", "secret-1").update(body).digest("hex")}`;
    const before = await scrape();
    const events = value(before.text, "chatflow_ingest_events_total") ?? 0;
    const stored = value(before.text, "chatflow_ingest_messages_stored_total") ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${core.url}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body,
      });
      expect(res.status).toBe(200);
    }
    const after = await scrape();
    expect(value(after.text, "chatflow_ingest_events_total")).toBe(events + 2);
    expect(value(after.text, "chatflow_ingest_messages_stored_total")).toBe(stored + 1);
    expect(value(after.text, "chatflow_ingest_transaction_seconds_count")).toBeGreaterThanOrEqual(2);
  });
});
