// A Cloud API send whose worker died after the request reached the Graph API: the new owner marks it failed
// and never resends it; the status webhook echoing biz_opaque_callback_data (our message id) then records the
// wamid and the ack, so the message shows what the customer got (decision 0042); a schedule that queued it shows
// ERRO while in doubt and ENVIADA once the status says it went (decision 0037).

import { runPartProcess } from "@chatflow/core/testing/part-process.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "../testing/cloud-webhook.ts";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const core = coreForFile();
const fake = fakeGraphApiForFile();

describe("#outbound.in-doubt", () => {
  it("a send whose worker died after it reached the Graph API is failed, not resent, then set right by its status", async () => {
    const c = await setupCloudConnection(core.db.pool);
    const id = await c.enqueue("chegou mesmo assim");
    // As if a schedule had queued it: the schedule follows the send's fate.
    const contactId = (await core.db.pool.query("SELECT contact_id FROM messages WHERE id = $1", [id])).rows[0]
      .contact_id;
    const scheduled = await core.db.pool.query<{ id: number }>(
      `INSERT INTO schedules (company_id, contact_id, body, send_at, anchor_at, sent_at, sent_count, status, last_message_id)
       VALUES ($1, $2, 'chegou mesmo assim', now(), now(), now(), 1, 'ENVIADA', $3) RETURNING id`,
      [c.companyId, contactId, id],
    );
    const scheduleOf = async () =>
      (await core.db.pool.query("SELECT status, last_error FROM schedules WHERE id = $1", [scheduled.rows[0]!.id]))
        .rows[0];
    const a = runPartProcess("channel-worker", {
      DATABASE_URL: core.config.databaseUrl!,
      GRAPH_API_URL: fake.url,
      CHATFLOW_WORKER_ID: "dies-a",
    });
    // The request arrives; the worker dies before the answer (Meta took it: the customer gets it).
    fake.reply = () => {
      a.child.kill("SIGKILL");
      return { delayMs: 200 };
    };
    expect((await a.exited).signal).toBe("SIGKILL");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.biz_opaque_callback_data).toBe(id);
    expect(await messageState(core.db.pool, id)).toMatchObject({ send_state: "sending", remote_id: null });

    fake.reply = null;
    const b = await startWorker({ databaseUrl: core.config.databaseUrl!, graphApiUrl: fake.url, ...TEST_WORKER });
    try {
      // In doubt: failed, and never sent again.
      await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "failed", "the doubt");
      await b.drained();
      expect(sentTexts(fake)).toEqual(["chegou mesmo assim"]);
      expect(await messageState(core.db.pool, id)).toMatchObject({ ack: -1, error_code: "ERR_SEND_OUTCOME_UNKNOWN" });
      expect(await scheduleOf()).toEqual({ status: "ERRO", last_error: "ERR_SEND_OUTCOME_UNKNOWN" });

      // Meta's status for the message, echoing our id: the wamid and the ack are recorded.
      const status = (s: string, wamid = "wamid.LOST1") =>
        cloudDelivery(c.phoneNumberId, {
          statuses: [
            {
              id: wamid,
              status: s,
              timestamp: "1718000001",
              recipient_id: c.contactNumber,
              biz_opaque_callback_data: id,
            },
          ],
        });
      expect((await postSigned(core.url, status("delivered"), "app-secret")).status).toBe(200);
      expect(await messageState(core.db.pool, id)).toMatchObject({
        send_state: "sent",
        remote_id: "wamid.LOST1",
        ack: 2,
        error_code: null,
      });
      expect(await scheduleOf()).toEqual({ status: "ENVIADA", last_error: null });
      // Later statuses move the ack by the wamid as usual; an echo naming another wamid changes nothing.
      expect((await postSigned(core.url, status("read"), "app-secret")).status).toBe(200);
      expect((await postSigned(core.url, status("delivered", "wamid.OTHER"), "app-secret")).status).toBe(200);
      expect(await messageState(core.db.pool, id)).toMatchObject({ remote_id: "wamid.LOST1", ack: 3 });
      await b.drained();
      expect(fake.requests).toHaveLength(1);
    } finally {
      await b.stop();
    }
  }, 60_000);

  it("a send whose answer times out after the request left is failed at once, not resent (the delivery guarantee)", async () => {
    const c = await setupCloudConnection(core.db.pool);
    const id = await c.enqueue("resposta sem confirmação");
    // Meta takes the request but its answer never comes back in time.
    fake.reply = () => ({ delayMs: 1500 });
    const w = await startWorker({
      databaseUrl: core.config.databaseUrl!,
      graphApiUrl: fake.url,
      sendTimeoutMs: 300,
      ...TEST_WORKER,
    });
    try {
      await waitFor(async () => (await messageState(core.db.pool, id)).send_state === "failed", "the failure");
      fake.reply = null;
      await w.drained();
      expect(fake.requests).toHaveLength(1);
      expect(await messageState(core.db.pool, id)).toMatchObject({ ack: -1, error_code: "ERR_SEND_OUTCOME_UNKNOWN" });
    } finally {
      await w.stop();
    }
  });

  it("an echoed id names a message only within the connection's company", async () => {
    const mine = await setupCloudConnection(core.db.pool);
    const other = await setupCloudConnection(core.db.pool);
    const id = await other.enqueue("of another company");
    await core.db.pool.query(
      "UPDATE messages SET send_state = 'failed', ack = -1, error_code = 'ERR_SENDING_WAPP_MSG' WHERE company_id = $1 AND id = $2",
      [other.companyId, id],
    );
    const forged = cloudDelivery(mine.phoneNumberId, {
      statuses: [{ id: "wamid.FORGED", status: "read", biz_opaque_callback_data: id }],
    });
    expect((await postSigned(core.url, forged, "app-secret")).status).toBe(200);
    expect(await messageState(core.db.pool, id, other.companyId)).toMatchObject({
      send_state: "failed",
      remote_id: null,
      ack: -1,
    });
  });
});
