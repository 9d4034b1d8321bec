// GET /plans/list (spec 3 §7, public): the plans the signup selector offers.
import { Router } from "express";
import type pg from "pg";
import type { PlanDTO } from "../contract/signup.ts";

export const PLAN_COLUMNS = `p.id, p.name, p.users, p.connections, p.queues, p.amount::float8 AS amount,
  p.is_public AS "isPublic", p.use_whatsapp AS "useWhatsapp", p.use_facebook AS "useFacebook",
  p.use_instagram AS "useInstagram", p.use_campaigns AS "useCampaigns", p.use_schedules AS "useSchedules",
  p.use_internal_chat AS "useInternalChat", p.use_external_api AS "useExternalApi", p.use_kanban AS "useKanban",
  p.use_open_ai AS "useOpenAi", p.use_integrations AS "useIntegrations"`;

export function planRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/plans/list", async (_req, res) => {
    const { rows } = await pool.query<PlanDTO>(
      `SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.is_public ORDER BY p.amount, p.id`,
    );
    res.json(rows);
  });
  return router;
}
