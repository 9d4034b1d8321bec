// Use cases of the Plans tab (spec 3 §2, super user only): list every plan, create, update and delete one.
// A plan a company is on cannot be deleted (its companies would lose their limits and flags).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { PLAN_NAME_TAKEN, type PlanDTO, type TPlanRequest } from "../contract/plans.ts";
import { AppError, invalidInput, noPermission, wrongState } from "../kernel/errors.ts";
import { PLAN_COLUMNS } from "./plan-queries.ts";

export const planNotFound = () => new AppError("ERR_NOT_FOUND", "Plan not found");

export function authorizePlans(actor: Actor): void {
  if (!actor.super) throw noPermission();
}

/** Column of each request field. */
const COLUMNS: Record<keyof TPlanRequest, string> = {
  name: "name",
  users: "users",
  connections: "connections",
  queues: "queues",
  amount: "amount",
  isPublic: "is_public",
  useWhatsapp: "use_whatsapp",
  useFacebook: "use_facebook",
  useInstagram: "use_instagram",
  useCampaigns: "use_campaigns",
  useSchedules: "use_schedules",
  useInternalChat: "use_internal_chat",
  useExternalApi: "use_external_api",
  useKanban: "use_kanban",
  useOpenAi: "use_open_ai",
  useIntegrations: "use_integrations",
};

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505";

async function answer(db: pg.ClientBase | pg.Pool, id: number): Promise<PlanDTO> {
  const { rows } = await db.query<PlanDTO>(`SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = $1`, [id]);
  if (!rows[0]) throw planNotFound();
  return rows[0];
}

export async function listPlans(db: pg.Pool, actor: Actor): Promise<PlanDTO[]> {
  authorizePlans(actor);
  const { rows } = await db.query<PlanDTO>(`SELECT ${PLAN_COLUMNS} FROM plans p ORDER BY p.name, p.id`);
  return rows;
}

function fieldsOf(input: TPlanRequest): [string, unknown][] {
  return (Object.keys(COLUMNS) as (keyof TPlanRequest)[])
    .filter((k) => input[k] !== undefined)
    .map((k) => [COLUMNS[k], input[k]]);
}

export async function createPlan(client: pg.ClientBase, actor: Actor, input: TPlanRequest): Promise<PlanDTO> {
  authorizePlans(actor);
  const fields = fieldsOf(input);
  try {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO plans (${fields.map(([c]) => c).join(", ")})
       VALUES (${fields.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
      fields.map(([, v]) => v),
    );
    await recordAudit(client, actor, { kind: "plan.create", subjectId: rows[0]!.id, subject: input.name });
    return answer(client, rows[0]!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalidInput(PLAN_NAME_TAKEN, "name");
    throw err;
  }
}

export async function updatePlan(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TPlanRequest,
): Promise<PlanDTO> {
  authorizePlans(actor);
  const fields = fieldsOf(input);
  try {
    const { rowCount } = await client.query(
      `UPDATE plans SET ${fields.map(([c], i) => `${c} = $${i + 2}`).join(", ")}, updated_at = now() WHERE id = $1`,
      [id, ...fields.map(([, v]) => v)],
    );
    if (!rowCount) throw planNotFound();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalidInput(PLAN_NAME_TAKEN, "name");
    throw err;
  }
  await recordAudit(client, actor, { kind: "plan.update", subjectId: id, subject: input.name });
  return answer(client, id);
}

export async function deletePlan(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizePlans(actor);
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM companies WHERE plan_id = $1", [
    id,
  ]);
  if ((rows[0]?.n ?? 0) > 0) throw wrongState("The plan is in use by companies", { companies: rows[0]!.n });
  const { rowCount } = await client.query("DELETE FROM plans WHERE id = $1", [id]);
  if (!rowCount) throw planNotFound();
  await recordAudit(client, actor, { kind: "plan.delete", subjectId: id });
}
