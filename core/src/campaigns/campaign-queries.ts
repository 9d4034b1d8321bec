// The campaign reads behind GET /campaigns and /campaigns/{id} (spec 3 §7 Campaigns), with the report's totals
// (spec 3 §2 "Campaign report"), each scoped to the caller's company. Plain SQL.
import type pg from "pg";
import {
  CAMPAIGNS_PAGE_SIZE,
  type CampaignDTO,
  type CampaignReportDTO,
  type CampaignsPage,
  type CampaignTotals,
} from "../contract/campaigns.ts";
import { wrongState } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { namedRef } from "../presenters/named-ref.ts";
import { campaignNotFound } from "./campaign-policy.ts";

type Db = pg.Pool | pg.ClientBase;

const MESSAGE_COLUMNS = [1, 2, 3, 4, 5]
  .map((n) => `c.message${n}, c.confirmation_message${n} AS "confirmationMessage${n}"`)
  .join(", ");

const COLUMNS = `c.id, c.name, ${MESSAGE_COLUMNS}, c.status, c.confirmation, c.scheduled_at AS "scheduledAt",
  c.completed_at AS "completedAt", c.contact_list_id AS "contactListId", c.tag_list_id AS "tagListId",
  c.whatsapp_id AS "whatsappId", c.user_id AS "userId", c.queue_id AS "queueId", c.open_ticket AS "openTicket",
  c.status_ticket AS "statusTicket", c.media_path AS "mediaPath", c.media_name AS "mediaName",
  c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  w.id AS "joinedWhatsappId", w.name AS "joinedWhatsappName",
  cl.id AS "joinedContactListId", cl.name AS "joinedContactListName"`;

const FROM = `campaigns c
  LEFT JOIN whatsapps w ON w.id = c.whatsapp_id AND w.company_id = c.company_id
  LEFT JOIN contact_lists cl ON cl.id = c.contact_list_id AND cl.company_id = c.company_id`;

type Row = Omit<CampaignDTO, "scheduledAt" | "completedAt" | "createdAt" | "updatedAt" | "whatsapp" | "contactList"> & {
  scheduledAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  joinedWhatsappId: number | null;
  joinedWhatsappName: string | null;
  joinedContactListId: number | null;
  joinedContactListName: string | null;
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The presenter: the connection and the contact list nested from their joined columns (decision 0085). */
const answer = ({
  joinedWhatsappId,
  joinedWhatsappName,
  joinedContactListId,
  joinedContactListName,
  ...r
}: Row): CampaignDTO => ({
  ...r,
  whatsapp: namedRef(joinedWhatsappId, joinedWhatsappName),
  contactList: namedRef(joinedContactListId, joinedContactListName),
  scheduledAt: iso(r.scheduledAt),
  completedAt: iso(r.completedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A page of the company's campaigns whose name contains the search, newest first. */
export async function listCampaignsPage(
  db: Db,
  companyId: number,
  q: { searchParam?: string; pageNumber: number },
): Promise<CampaignsPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = "c.company_id = $1 AND ($2::text IS NULL OR lower(c.name) LIKE $2)";
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM campaigns c WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${filter} ORDER BY c.id DESC LIMIT $3 OFFSET $4`,
    [...params, CAMPAIGNS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { records: rows.map(answer), count: total, hasMore: offset + rows.length < total };
}

/** The company's campaign, or ERR_NOT_FOUND; `lock` holds it until the transaction ends. */
export async function loadCampaign(
  db: Db,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<CampaignDTO> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE c.company_id = $1 AND c.id = $2${opts.lock ? " FOR UPDATE OF c" : ""}`,
    [companyId, id],
  );
  if (!rows[0]) throw campaignNotFound();
  return answer(rows[0]);
}

/** The report's counts: the audience (list items, or contacts with the tag) and the shipping records. */
export async function campaignTotals(db: Db, companyId: number, c: CampaignDTO): Promise<CampaignTotals> {
  const audience = c.contactListId
    ? await db.query<{ contacts: number; valid: number }>(
        `SELECT count(*)::int AS contacts, count(*) FILTER (WHERE is_whatsapp_valid)::int AS valid
         FROM contact_list_items WHERE company_id = $1 AND contact_list_id = $2`,
        [companyId, c.contactListId],
      )
    : await db.query<{ contacts: number; valid: number }>(
        `SELECT count(*)::int AS contacts, count(*)::int AS valid FROM contact_tags
         WHERE company_id = $1 AND tag_id = $2`,
        [companyId, c.tagListId ?? 0],
      );
  const sent = await db.query<Omit<CampaignTotals, "contacts" | "valid">>(
    `SELECT count(*)::int AS shippings, count(delivered_at)::int AS delivered,
       count(confirmation_requested_at)::int AS "confirmationRequested", count(confirmed_at)::int AS confirmed,
       count(failed_at)::int AS failed
     FROM campaign_shippings WHERE company_id = $1 AND campaign_id = $2`,
    [companyId, c.id],
  );
  return { ...audience.rows[0]!, ...sent.rows[0]! };
}

export async function loadCampaignReport(db: Db, companyId: number, id: number): Promise<CampaignReportDTO> {
  const campaign = await loadCampaign(db, companyId, id);
  return { ...campaign, totals: await campaignTotals(db, companyId, campaign) };
}

/** Refuses a save of a campaign that spec 3 §4 makes read-only. */
export const notEditable = () => wrongState("Campaign can no longer be edited");
