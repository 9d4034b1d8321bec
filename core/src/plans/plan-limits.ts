// The plan's counts (spec 3 §1: a plan fixes the number of users, connections
// and queues). A limit of 0 (the column default) means the plan sets none.
import type pg from "pg";
import { noPermission, planLimitReached } from "../kernel/errors.ts";

export type PlanResource = "users" | "connections" | "queues";

const TABLE: Record<PlanResource, string> = { users: "users", connections: "whatsapps", queues: "queues" };

/** Advisory lock class of per-company writes that count or pick among siblings. */
const COMPANY_LOCK_CLASS = 7007;

/**
 * Serialises, until commit, writes of one company that must see each other:
 * two creations racing past the plan limit, two connections both made default.
 */
export async function lockCompanyWrites(client: pg.ClientBase, companyId: number): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1, $2)", [COMPANY_LOCK_CLASS, companyId]);
}

/** Refuses one more `resource` when the company's plan is full. Call inside the creating transaction. */
export async function assertPlanAllows(
  client: pg.ClientBase,
  companyId: number,
  resource: PlanResource,
): Promise<void> {
  await lockCompanyWrites(client, companyId);
  const { rows } = await client.query<{ limit: number | null; used: number }>(
    `SELECT p.${resource} AS "limit", (SELECT count(*)::int FROM ${TABLE[resource]} WHERE company_id = c.id) AS used
     FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [companyId],
  );
  const row = rows[0];
  if (!row?.limit || row.used < row.limit) return;
  throw planLimitReached(`Your plan allows ${row.limit} ${resource}`, { resource, limit: row.limit });
}

/** The plan flag that switches each channel on (spec 1 §1). */
const CHANNEL_FLAG: Record<string, string> = {
  whatsapp: "use_whatsapp",
  whatsappapi: "use_whatsapp",
  facebook: "use_facebook",
  instagram: "use_instagram",
};

/** Refuses a connection on a channel the company's plan switches off (403: the plan does not permit it). */
export async function assertPlanChannel(client: pg.ClientBase, companyId: number, channel: string): Promise<void> {
  const flag = CHANNEL_FLAG[channel];
  if (!flag) return;
  const { rows } = await client.query<{ allowed: boolean | null }>(
    `SELECT p.${flag} AS allowed FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [companyId],
  );
  if (rows[0]?.allowed === false) throw noPermission(`Your plan does not include the ${channel} channel`);
}
