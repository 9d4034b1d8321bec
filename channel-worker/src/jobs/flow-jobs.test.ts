// Issue 11's runtime "done when", through the real parts: Cloud API webhooks into core, the published flow walked
// through a menu choice and a question, an interval waited on an agenda job that survives a worker restart, the
// ticket moved into a queue, and every message reaching the Graph API stand-in exactly once.
import { ZSaveFlowRequestSchema } from "@chatflow/core/contract/flows.ts";
import { buildCompany, buildQueue, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "../testing/cloud-webhook.ts";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import { TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const core = coreForFile();
const fake = fakeGraphApiForFile();
const APP_SECRET = "flow-app-secret";

const MENU_ID = "menu00000000000000000000000000";

/** What 'Salvar' would publish: checked by the same schema, stored as the snapshot. */
async function publishedFlow(companyId: number, queue: { id: number; name: string }): Promise<number> {
  const { rows } = await core.db.pool.query<{ id: number }>(
    "INSERT INTO flows (company_id, name) VALUES ($1, 'Atendimento') RETURNING id",
    [companyId],
  );
  const id = rows[0]!.id;
  const node = (nodeId: string, type: string, data: Record<string, unknown>) => ({
    id: nodeId,
    type,
    data,
    position: { x: 0, y: 0 },
  });
  const snapshot = ZSaveFlowRequestSchema.parse({
    idFlow: id,
    nodes: [
      node("1", "start", {}),
      node(MENU_ID, "menu", {
        message: "Escolha:",
        arrayOption: [
          { number: 1, value: "Pedidos" },
          { number: 2, value: "Outros" },
        ],
      }),
      node("ask", "question", { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } }),
      node("thanks", "message", { label: "Obrigado, {{nome}}. Um momento..." }),
      node("wait", "interval", { sec: 4 }),
      node("later", "message", { label: "Vou te passar para a fila {{queue_name}}" }),
      node("toQueue", "ticket", { queue }),
    ],
    connections: [
      { source: "1", target: MENU_ID },
      { source: MENU_ID, target: "ask", sourceHandle: "option-1" },
      { source: "ask", target: "thanks" },
      { source: "thanks", target: "wait" },
      { source: "wait", target: "later" },
      { source: "later", target: "toQueue" },
    ],
  });
  await core.db.pool.query("UPDATE flows SET flow = $2, saved_at = now() WHERE id = $1", [
    id,
    JSON.stringify({ nodes: snapshot.nodes, connections: snapshot.connections }),
  ]);
  return id;
}

let seq = 0;
const say = (phoneNumberId: string, from: string, text: string) =>
  postSigned(
    core.url,
    cloudDelivery(phoneNumberId, {
      contacts: [{ profile: { name: "Ana" }, wa_id: from }],
      messages: [{ from, id: `wamid.FLOW${++seq}`, timestamp: "1718000000", type: "text", text: { body: text } }],
    }),
    APP_SECRET,
  ).then((res) => expect(res.status).toBe(200));

describe("#flow runtime on the channel worker", () => {
  it("walks a menu and a question into a queue, its interval surviving a worker restart, each message sent once", async () => {
    const company = await buildCompany(core.db.pool);
    const queue = await buildQueue(core.db.pool, { companyId: company.id, name: "Pedidos" });
    const phoneNumberId = `88${Date.now() % 1_000_000}`;
    const wa = await buildWhatsapp(core.db.pool, {
      companyId: company.id,
      phoneNumberId,
      accessToken: "flow-token",
      appSecret: APP_SECRET,
    });
    const flowId = await publishedFlow(company.id, { id: queue.id, name: "Pedidos" });
    await core.db.pool.query("UPDATE whatsapps SET flow_id_welcome = $2 WHERE id = $1", [wa.id, flowId]);
    const from = "5511955554444";
    const opts = { databaseUrl: core.databaseUrl, graphApiUrl: fake.url, jobIntervalMs: 500, ...TEST_WORKER };
    const texts = () => sentTexts(fake);

    let worker = await startWorker({ ...opts, workerId: "flow-worker-a" });
    try {
      await say(phoneNumberId, from, "oi");
      await waitFor(() => texts().length === 1, "the menu");
      expect(texts()).toEqual(["Escolha:\n\n*[ 1 ]* - Pedidos\n*[ 2 ]* - Outros"]);
      await say(phoneNumberId, from, "1");
      await waitFor(() => texts().length === 2, "the question");
      await say(phoneNumberId, from, "Ana Lima");
      await waitFor(() => texts().length === 3, "the thanks");
      expect(texts()[2]).toBe("Obrigado, Ana Lima. Um momento...");
    } finally {
      // Stopped in the middle of the 4 s interval: the wait is a row in PostgreSQL, not a timer in this process.
      await worker.stop();
    }
    expect(texts().length).toBe(3);
    worker = await startWorker({ ...opts, workerId: "flow-worker-b" });
    try {
      await waitFor(() => texts().length === 4, "the message after the interval, from the second worker");
      // {{queue_name}} is no variable: left as written.
      expect(texts()[3]).toBe("Vou te passar para a fila {{queue_name}}");
      const { rows } = await core.db.pool.query(
        `SELECT t.queue_id, r.status, r.end_reason FROM tickets t JOIN flow_runs r ON r.ticket_id = t.id
         WHERE t.whatsapp_id = $1`,
        [wa.id],
      );
      expect(rows).toEqual([{ queue_id: queue.id, status: "ended", end_reason: "ticket" }]);
      // A little longer: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 700));
      expect(texts().length).toBe(4);
    } finally {
      await worker.stop();
    }
  });
});
