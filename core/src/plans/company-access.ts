// What the session answers add to the user's company so the PWA can decide, offline, which
// features to show: the plan's flags (spec 1 §2 Side menu visibility) and the company
// settings the screens read (showNotificationPending, sendSignMessage, ...).
import type pg from "pg";
import type { PlanFlags, UserDTO } from "../contract/entities.ts";
import { getCompanySettings } from "../settings/company-settings.ts";

const PLAN_FLAG_COLUMNS = `p.use_whatsapp AS "useWhatsapp", p.use_facebook AS "useFacebook",
  p.use_instagram AS "useInstagram", p.use_campaigns AS "useCampaigns", p.use_schedules AS "useSchedules",
  p.use_internal_chat AS "useInternalChat", p.use_external_api AS "useExternalApi", p.use_kanban AS "useKanban",
  p.use_open_ai AS "useOpenAi", p.use_integrations AS "useIntegrations"`;

/** The flags of the company's plan; null when it has none. */
export async function loadPlanFlags(db: pg.Pool | pg.ClientBase, companyId: number): Promise<PlanFlags | null> {
  const { rows } = await db.query<PlanFlags>(
    `SELECT ${PLAN_FLAG_COLUMNS} FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** The user as a session answer carries it: its company with plan flags and settings. */
export async function withCompanyAccess(db: pg.Pool, user: UserDTO): Promise<UserDTO> {
  const [plan, companieSettings] = await Promise.all([
    loadPlanFlags(db, user.companyId),
    getCompanySettings(db, user.companyId),
  ]);
  const company = user.company ?? { id: user.companyId, name: "", dueDate: null };
  return { ...user, company: { ...company, plan, companieSettings } };
}
