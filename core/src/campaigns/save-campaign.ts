// Use cases: an admin creates, edits, deletes, cancels or restarts a campaign, or sets its attachment (spec 3 §4
// statuses and rules; decision 0076), on the company EntityManager (decision 0028). A campaign with a schedule is
// PROGRAMADA (the sender starts it when due), without one INATIVA; only the §4 states can be saved.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { type CampaignDTO, isCampaignEditable, type TSaveCampaignRequest } from "../contract/campaigns.ts";
import { companyEm } from "../db/company-em.ts";
import { Campaign } from "../db/entities/campaigns.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { queueNotFound, tagNotFound, userNotFound, whatsappNotFound, wrongState } from "../kernel/errors.ts";
import { authorizeCampaigns, contactListNotFound } from "./campaign-policy.ts";
import { loadCampaign, notEditable } from "./campaign-queries.ts";

const changed = (companyId: number) => [listChanged(companyId, "campaigns")];

/** Every id the form names must be the caller's company's (another company's answers as a missing one). */
async function assertReferences(client: pg.ClientBase, companyId: number, c: TSaveCampaignRequest): Promise<void> {
  const exists = async (table: string, id: number | null) =>
    id === null ||
    Boolean((await client.query(`SELECT 1 FROM ${table} WHERE company_id = $1 AND id = $2`, [companyId, id])).rowCount);
  if (!(await exists("whatsapps", c.whatsappId))) throw whatsappNotFound();
  if (!(await exists("contact_lists", c.contactListId))) throw contactListNotFound();
  if (!(await exists("tags", c.tagListId))) throw tagNotFound();
  if (!(await exists("queues", c.queueId))) throw queueNotFound();
  if (!(await exists("users", c.userId))) throw userNotFound();
}

const fields = (c: TSaveCampaignRequest) => ({
  ...c,
  scheduledAt: c.scheduledAt ? new Date(c.scheduledAt) : null,
});

export async function createCampaign(
  client: pg.ClientBase,
  actor: Actor,
  input: TSaveCampaignRequest,
): Promise<CampaignDTO> {
  await authorizeCampaigns(client, actor);
  await assertReferences(client, actor.companyId, input);
  const em = companyEm(client, actor.companyId);
  const campaign = em.create(Campaign, {
    ...fields(input),
    companyId: actor.companyId,
    status: input.scheduledAt ? "PROGRAMADA" : "INATIVA",
  });
  await em.flush();
  await recordChanges(client, changed(actor.companyId));
  if (input.scheduledAt) await recordStart(client, actor, campaign.id, input.name, input.scheduledAt);
  return loadCampaign(client, actor.companyId, campaign.id);
}

export async function updateCampaign(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TSaveCampaignRequest,
): Promise<CampaignDTO> {
  await authorizeCampaigns(client, actor);
  const before = await loadCampaign(client, actor.companyId, id, { lock: true });
  if (!isCampaignEditable(before)) throw notEditable();
  await assertReferences(client, actor.companyId, input);
  // A cancelled campaign keeps its state (restart resumes it); the others follow their schedule.
  const status = before.status === "CANCELADA" ? "CANCELADA" : input.scheduledAt ? "PROGRAMADA" : "INATIVA";
  await companyEm(client, actor.companyId).nativeUpdate(
    Campaign,
    { id },
    { ...fields(input), status, updatedAt: raw("now()") },
  );
  await recordChanges(client, changed(actor.companyId));
  const rescheduled =
    before.status !== "PROGRAMADA" ||
    new Date(before.scheduledAt ?? 0).getTime() !== new Date(input.scheduledAt ?? 0).getTime();
  if (status === "PROGRAMADA" && input.scheduledAt && rescheduled)
    await recordStart(client, actor, id, input.name, input.scheduledAt);
  return loadCampaign(client, actor.companyId, id);
}

/** Answers the attachment's URL, for the route to remove the file after commit. */
export async function deleteCampaign(client: pg.ClientBase, actor: Actor, id: number): Promise<string | null> {
  await authorizeCampaigns(client, actor);
  const before = await loadCampaign(client, actor.companyId, id, { lock: true });
  await companyEm(client, actor.companyId).nativeDelete(Campaign, { id });
  await recordChanges(client, changed(actor.companyId));
  return before.mediaPath;
}

/** Spec 3 §4: offered while EM_ANDAMENTO (a scheduled one may be stopped too); the sender sends nothing more. */
export async function cancelCampaign(client: pg.ClientBase, actor: Actor, id: number): Promise<CampaignDTO> {
  return moveCampaign(client, actor, id, ["EM_ANDAMENTO", "PROGRAMADA"], "CANCELADA");
}

/** Spec 3 §4: offered while CANCELADA; the sender resumes with the contacts not yet sent to. */
export async function restartCampaign(client: pg.ClientBase, actor: Actor, id: number): Promise<CampaignDTO> {
  return moveCampaign(client, actor, id, ["CANCELADA"], "EM_ANDAMENTO");
}

async function moveCampaign(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  from: string[],
  to: string,
): Promise<CampaignDTO> {
  await authorizeCampaigns(client, actor);
  const before = await loadCampaign(client, actor.companyId, id, { lock: true });
  if (!from.includes(before.status)) throw wrongState(`Campaign is ${before.status}`, { status: before.status });
  await companyEm(client, actor.companyId).nativeUpdate(
    Campaign,
    { id },
    // Restarting a campaign whose time has not come leaves the time as it was; one already due starts now.
    { status: to, completedAt: null, updatedAt: raw("now()") },
  );
  await recordChanges(client, changed(actor.companyId));
  if (to === "EM_ANDAMENTO") await recordStart(client, actor, id, before.name, null);
  return loadCampaign(client, actor.companyId, id);
}

/** The audit log's "campaign started" (decision 0108): scheduled to start at a time, or restarted now (null). */
async function recordStart(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  name: string,
  scheduledAt: Date | string | null,
): Promise<void> {
  await recordAudit(client, actor, {
    kind: "campaign.start",
    subjectId: id,
    subject: name,
    detail: { scheduledAt: scheduledAt === null ? null : new Date(scheduledAt).toISOString() },
  });
}

/** Sets or removes the attachment; answers the campaign and the URL of the file it replaced. */
export async function setCampaignMedia(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  media: { path: string; name: string } | null,
): Promise<{ campaign: CampaignDTO; replaced: string | null }> {
  await authorizeCampaigns(client, actor);
  const before = await loadCampaign(client, actor.companyId, id, { lock: true });
  if (!isCampaignEditable(before)) throw notEditable();
  await companyEm(client, actor.companyId).nativeUpdate(
    Campaign,
    { id },
    { mediaPath: media?.path ?? null, mediaName: media?.name ?? null, updatedAt: raw("now()") },
  );
  await recordChanges(client, changed(actor.companyId));
  const replaced = before.mediaPath && before.mediaPath !== media?.path ? before.mediaPath : null;
  return { campaign: await loadCampaign(client, actor.companyId, id), replaced };
}
