// Reading queue integrations in their answer shape (spec 2 §3 Integration), set-based SQL (decision 0028).
import type pg from "pg";
import {
  INTEGRATIONS_PAGE_SIZE,
  type QueueIntegrationDTO,
  type QueueIntegrationsPage,
} from "../contract/integrations.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { integrationNotFound } from "./integration-policy.ts";

const COLUMNS = `i.id, i.type, i.name, i.project_name AS "projectName", i.json_content AS "jsonContent", i.language,
  i.url_n8n AS "urlN8N", i.typebot_slug AS "typebotSlug", i.typebot_expires AS "typebotExpires",
  i.typebot_delay_message AS "typebotDelayMessage", i.typebot_keyword_finish AS "typebotKeywordFinish",
  i.typebot_keyword_restart AS "typebotKeywordRestart", i.typebot_restart_message AS "typebotRestartMessage",
  i.typebot_unknown_message AS "typebotUnknownMessage", i.signing_secret AS "signingSecret",
  i.flow_id AS "flowId",
  i.created_at AS "createdAt", i.updated_at AS "updatedAt"`;

type Row = Omit<QueueIntegrationDTO, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

const answer = (r: Row): QueueIntegrationDTO => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** One integration of the company, or ERR_NOT_FOUND (another company's is as absent as a missing one). */
export async function loadIntegration(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<QueueIntegrationDTO> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM queue_integrations i WHERE i.company_id = $1 AND i.id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw integrationNotFound();
  return answer(rows[0]);
}

/** GET /queueIntegration: a page matching the search (name or type), by name. */
export async function listIntegrations(
  pool: pg.Pool,
  companyId: number,
  q: { searchParam?: string; pageNumber: number },
): Promise<QueueIntegrationsPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = "i.company_id = $1 AND ($2::text IS NULL OR lower(i.name) LIKE $2 OR i.type LIKE $2)";
  const count = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM queue_integrations i WHERE ${filter}`,
    params,
  );
  const offset = (q.pageNumber - 1) * INTEGRATIONS_PAGE_SIZE;
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM queue_integrations i WHERE ${filter} ORDER BY lower(i.name), i.id LIMIT $3 OFFSET $4`,
    [...params, INTEGRATIONS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { queueIntegrations: rows.map(answer), count: total, hasMore: offset + rows.length < total };
}
