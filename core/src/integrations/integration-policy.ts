// Who may touch queue integrations and prompts: admins (spec 2 §6: the profile user has no access), of a company
// whose plan has the flag (useIntegrations, useOpenAi: spec 2 §1). The runtime reads them without a caller.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { AppError, noPermission, planFeatureMissing } from "../kernel/errors.ts";
import { loadPlanFlags } from "../plans/company-access.ts";

export async function authorizeIntegrations(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<void> {
  if (actor.profile !== "admin") throw noPermission();
  const flags = await loadPlanFlags(db, actor.companyId);
  if (flags && !flags.useIntegrations) throw planFeatureMissing();
}

export async function authorizePrompts(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<void> {
  if (actor.profile !== "admin") throw noPermission();
  const flags = await loadPlanFlags(db, actor.companyId);
  if (flags && !flags.useOpenAi) throw planFeatureMissing();
}

/** ERR_NOT_FOUND, as for file lists: the spec names no code for a missing integration or prompt. */
export const integrationNotFound = () => new AppError("ERR_NOT_FOUND", "Integration not found");
export const promptNotFound = () => new AppError("ERR_NOT_FOUND", "Prompt not found");

/** A queue's integrationId and a chatbot option's optIntegrationId must name the caller's company's integrations. */
export async function assertIntegrationsOf(
  client: pg.ClientBase,
  companyId: number,
  ids: Iterable<number | null | undefined>,
): Promise<void> {
  const wanted = [...new Set([...ids].filter((i): i is number => typeof i === "number"))];
  if (wanted.length === 0) return;
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM queue_integrations WHERE company_id = $1 AND id = ANY($2::int[])",
    [companyId, wanted],
  );
  if (rows[0]!.n !== wanted.length) throw integrationNotFound();
}

/** A connection's promptId must name one of the caller's company's prompts (decision 0062). */
export async function assertPromptOf(client: pg.ClientBase, companyId: number, id: number | null): Promise<void> {
  if (id === null) return;
  const { rowCount } = await client.query("SELECT 1 FROM prompts WHERE company_id = $1 AND id = $2", [companyId, id]);
  if (!rowCount) throw promptNotFound();
}
