// Use cases of the phrase campaigns (spec 2 §7 `/flowcampaign`), each within the caller's company: another
// company's campaign, flow or connection is as absent as a missing one (404).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  FLOW_CAMPAIGNS_MAX,
  type FlowCampaignDTO,
  type TCreateFlowCampaignRequest,
  type TUpdateFlowCampaignRequest,
} from "../contract/flow-campaigns.ts";
import { flowCampaignNotFound, flowNotFound, invalidInput, whatsappNotFound } from "../kernel/errors.ts";

const COLUMNS = `id, name, flow_id AS "flowId", whatsapp_id AS "whatsappId", phrase, status,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

type Row = Omit<FlowCampaignDTO, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

const answer = (r: Row): FlowCampaignDTO => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /flowcampaign: the company's campaigns by name. */
export async function listFlowCampaigns(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
): Promise<{ flow: FlowCampaignDTO[] }> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM flow_campaigns WHERE company_id = $1 ORDER BY name, id LIMIT $2`,
    [actor.companyId, FLOW_CAMPAIGNS_MAX],
  );
  return { flow: rows.map(answer) };
}

/** GET /flowcampaign/{id}. */
export async function showFlowCampaign(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<FlowCampaignDTO> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM flow_campaigns WHERE id = $1 AND company_id = $2`, [
    id,
    actor.companyId,
  ]);
  if (!rows[0]) throw flowCampaignNotFound();
  return answer(rows[0]);
}

/** The flow and the connection must be the company's. */
async function assertReferences(
  client: pg.ClientBase,
  companyId: number,
  input: { flowId: number; whatsappId: number | null },
): Promise<void> {
  const { rows } = await client.query<{ flow: boolean; whatsapp: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM flows WHERE id = $2 AND company_id = $1) AS flow,
       ($3::int IS NULL OR EXISTS (SELECT 1 FROM whatsapps WHERE id = $3 AND company_id = $1)) AS whatsapp`,
    [companyId, input.flowId, input.whatsappId],
  );
  if (!rows[0]!.flow) throw flowNotFound();
  if (!rows[0]!.whatsapp) throw whatsappNotFound();
}

/** POST /flowcampaign: a new campaign, on. */
export async function createFlowCampaign(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateFlowCampaignRequest,
): Promise<FlowCampaignDTO> {
  await assertReferences(client, actor.companyId, input);
  // Serialised per company so two creates cannot both pass the count.
  await client.query("SELECT 1 FROM companies WHERE id = $1 FOR UPDATE", [actor.companyId]);
  const { rows: count } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM flow_campaigns WHERE company_id = $1",
    [actor.companyId],
  );
  if (count[0]!.n >= FLOW_CAMPAIGNS_MAX) throw invalidInput(`At most ${FLOW_CAMPAIGNS_MAX} campaigns`, "name");
  const { rows } = await client.query<Row>(
    `INSERT INTO flow_campaigns (company_id, user_id, name, flow_id, whatsapp_id, phrase)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [actor.companyId, actor.id, input.name, input.flowId, input.whatsappId, input.phrase],
  );
  return answer(rows[0]!);
}

/** PUT /flowcampaign: every field, status included. */
export async function updateFlowCampaign(
  client: pg.ClientBase,
  actor: Actor,
  input: TUpdateFlowCampaignRequest,
): Promise<FlowCampaignDTO> {
  await assertReferences(client, actor.companyId, input);
  const { rows } = await client.query<Row>(
    `UPDATE flow_campaigns SET name = $3, flow_id = $4, whatsapp_id = $5, phrase = $6, status = $7, updated_at = now()
     WHERE id = $1 AND company_id = $2 RETURNING ${COLUMNS}`,
    [input.id, actor.companyId, input.name, input.flowId, input.whatsappId, input.phrase, input.status],
  );
  if (!rows[0]) throw flowCampaignNotFound();
  return answer(rows[0]);
}

/** DELETE /flowcampaign/{id}. */
export async function deleteFlowCampaign(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  const { rowCount } = await client.query("DELETE FROM flow_campaigns WHERE id = $1 AND company_id = $2", [
    id,
    actor.companyId,
  ]);
  if (rowCount === 0) throw flowCampaignNotFound();
}
