// GET /whatsapp-admin/{id}/references (super user; decision 0105): what a company's connection dialog reads from
// its own company, for the super user opening it from /allConnections: the company's queues, its queue
// integrations, prompts and flows (each list only when the plan allows it), and the two settings the dialog
// follows (scheduleType shows the schedules tab, userRating the assessments rule).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ConnectionDialogReferences } from "../contract/whatsapps.ts";
import { whatsappNotFound } from "../kernel/errors.ts";
import { getCompanySetting } from "../settings/company-settings.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function connectionDialogReferences(
  db: pg.Pool,
  actor: Actor,
  id: number,
): Promise<ConnectionDialogReferences> {
  authorizeWhatsapp(actor, "anyCompany");
  const { rows } = await db.query<{
    companyId: number;
    companyName: string;
    useIntegrations: boolean | null;
    useOpenAi: boolean | null;
  }>(
    `/* all-companies: the super user opens any company's connection dialog */
     SELECT w.company_id AS "companyId", c.name AS "companyName", p.use_integrations AS "useIntegrations",
            p.use_open_ai AS "useOpenAi"
       FROM whatsapps w JOIN companies c ON c.id = w.company_id LEFT JOIN plans p ON p.id = c.plan_id
      WHERE w.id = $1`,
    [id],
  );
  const company = rows[0];
  if (!company) throw whatsappNotFound();
  const { companyId } = company;
  const list = (sql: string) => db.query<{ id: number; name: string }>(sql, [companyId]).then((r) => r.rows);
  const [queues, integrations, prompts, flows, scheduleType, userRating] = await Promise.all([
    list("SELECT id, name FROM queues WHERE company_id = $1 ORDER BY name, id"),
    company.useIntegrations !== false
      ? db
          .query<{ id: number; name: string; type: string }>(
            "SELECT id, name, type FROM queue_integrations WHERE company_id = $1 ORDER BY name, id",
            [companyId],
          )
          .then((r) => r.rows)
      : null,
    company.useOpenAi !== false ? list("SELECT id, name FROM prompts WHERE company_id = $1 ORDER BY name, id") : null,
    list("SELECT id, name FROM flows WHERE company_id = $1 ORDER BY id DESC"),
    getCompanySetting(db, companyId, "scheduleType"),
    getCompanySetting(db, companyId, "userRating"),
  ]);
  return {
    companyId,
    companyName: company.companyName,
    queues,
    integrations,
    prompts,
    flows,
    scheduleType,
    userRating: userRating === "enabled",
  };
}
