// Builders for the flow runtime's tests: a flow published through the API (what the editor's 'Salvar' saves), and
// a bot connection whose welcome or not-matched flow it is.
import { expect } from "vitest";
import { buildBotConnection, newNumber } from "./bot-factories.ts";
import type { TestCore } from "./test-core.ts";

/** A node as the editor saves it; the start node "1" is added. */
export type FlowNodeSpec = { id: string; type: string; data?: Record<string, unknown> };
/** An edge: from, to, and the source handle of a node with several ways out. */
export type FlowEdgeSpec = [source: string, target: string, handle?: string];

/** Creates and publishes a flow through the API, so the runtime walks what the editor would save. */
export async function publishFlow(
  core: TestCore,
  token: string,
  nodes: FlowNodeSpec[],
  edges: FlowEdgeSpec[],
): Promise<number> {
  const created = await core.api("POST", "/flowbuilder", { token, body: { name: `Fluxo ${newNumber()}` } });
  const saved = await core.api("POST", "/flowbuilder/flow", {
    token,
    body: {
      idFlow: created.body.id,
      nodes: [{ id: "1", type: "start", data: {} }, ...nodes].map((n, i) => ({
        position: { x: i * 300, y: 0 },
        data: {},
        ...n,
      })),
      connections: edges.map(([source, target, sourceHandle]) => ({
        source,
        target,
        sourceHandle: sourceHandle ?? null,
      })),
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.id;
}

/**
 * A connection with two queues (the queue bot would send its menu) whose welcome and not-matched flows are set
 * through the API, as an admin sets them.
 */
export async function flowConnection(
  core: TestCore,
  at: { companyId: number; token: string },
  flows: { welcome?: number; notPhrase?: number } = {},
) {
  const wa = await buildBotConnection(core.db.pool, {
    companyId: at.companyId,
    greetingMessage: "Menu do bot de filas",
    queues: [{ name: `Vendas ${newNumber()}` }, { name: `Suporte ${newNumber()}` }],
  });
  const body = { flowIdWelcome: flows.welcome ?? null, flowIdNotPhrase: flows.notPhrase ?? null };
  const res = await core.api("PUT", `/whatsapp/${wa.whatsappId}`, { token: at.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject(body);
  return wa;
}
