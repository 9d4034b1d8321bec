// Plans as the calls answer them (spec 3 §7 Plans): the columns every plan answer reads, and the public list
// the signup selector offers.
import type pg from "pg";
import type { PlanDTO } from "../contract/signup.ts";

/** A plan's answer fields, read from `plans p`. */
export const PLAN_COLUMNS = `p.id, p.name, p.users, p.connections, p.queues, p.amount::float8 AS amount,
  p.is_public AS "isPublic", p.use_whatsapp AS "useWhatsapp", p.use_facebook AS "useFacebook",
  p.use_instagram AS "useInstagram", p.use_campaigns AS "useCampaigns", p.use_schedules AS "useSchedules",
  p.use_internal_chat AS "useInternalChat", p.use_external_api AS "useExternalApi", p.use_kanban AS "useKanban",
  p.use_open_ai AS "useOpenAi", p.use_integrations AS "useIntegrations"`;

/** One plan in its answer shape, or null when there is none. */
export async function findPlan(db: pg.Pool | pg.ClientBase, id: number): Promise<PlanDTO | null> {
  const { rows } = await db.query<PlanDTO>(`SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = $1`, [id]);
  return rows[0] ?? null;
}

/** GET /plans/list: the public plans, cheapest first. */
export async function listPublicPlans(db: pg.Pool): Promise<PlanDTO[]> {
  const { rows } = await db.query<PlanDTO>(
    `SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.is_public ORDER BY p.amount, p.id`,
  );
  return rows;
}
