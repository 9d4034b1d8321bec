// Use case: an admin connects the Facebook pages they manage (POST /facebook, spec 2 §7; decision 0052). One
// `facebook` connection per page and, with addInstagram, one `instagram` connection per linked Instagram
// business account, each storing the page and its token (never answered). A page the company already
// connected gets the new token; one another company held moves here, as a Cloud API number does (decision
// 0027): the user token just proved that this admin manages it, and Meta delivers a page's webhooks to one place.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import type { WhatsappAnswer } from "../contract/whatsapps.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { logger } from "../kernel/logger.ts";
import type { TFacebookPage } from "../meta/messenger-payloads.ts";
import { assertPlanAllows, assertPlanChannel } from "../plans/plan-limits.ts";
import { generateConnectionToken } from "../whatsapps/connection-token.ts";
import { companyHasWhatsapps } from "../whatsapps/default-whatsapp.ts";
import { loadWhatsapp } from "../whatsapps/load-whatsapp.ts";
import { authorizeWhatsapp } from "../whatsapps/whatsapp-policy.ts";

/** One connection to make or refresh. */
type Wanted = {
  channel: "facebook" | "instagram";
  /** What the webhooks name: the page, or the Instagram business account. */
  accountId: string;
  pageId: string;
  accessToken: string;
  name: string;
};

/** The connections the pages ask for, in the order Meta listed them. */
export function wantedConnections(pages: TFacebookPage[], addInstagram: boolean): Wanted[] {
  return pages.flatMap((page) => {
    const own = { pageId: page.id, accessToken: page.access_token };
    const out: Wanted[] = [{ channel: "facebook", accountId: page.id, name: page.name, ...own }];
    const ig = page.instagram_business_account;
    if (addInstagram && ig) {
      out.push({ channel: "instagram", accountId: ig.id, name: `Insta ${ig.username || ig.name || ig.id}`, ...own });
    }
    return out;
  });
}

/** A connection name of 2 to 50 characters (the contract's) that no other connection of the company has. */
async function freeName(client: pg.ClientBase, companyId: number, w: Wanted): Promise<string> {
  const wanted = w.name.trim().length >= 2 ? w.name.trim() : `${w.channel} ${w.accountId}`;
  const candidates = [wanted.slice(0, 50), `${wanted.slice(0, 50 - w.accountId.length - 1)} ${w.accountId}`];
  for (const name of candidates) {
    const { rowCount } = await client.query("SELECT 1 FROM whatsapps WHERE company_id = $1 AND name = $2", [
      companyId,
      name,
    ]);
    if (!rowCount) return name;
  }
  return `${w.channel} ${w.accountId} ${Date.now()}`.slice(0, 50);
}

/** Connects the (already subscribed) pages; answers the company's connections they made or refreshed. */
export async function connectFacebook(
  client: pg.ClientBase,
  actor: Actor,
  pages: TFacebookPage[],
  addInstagram: boolean,
): Promise<WhatsappAnswer[]> {
  authorizeWhatsapp(actor, "create");
  const companyId = actor.companyId;
  const wanted = wantedConnections(pages, addInstagram);
  for (const channel of new Set(wanted.map((w) => w.channel))) await assertPlanChannel(client, companyId, channel);
  const changes: Change[] = [];
  const ids: number[] = [];
  const released: number[] = [];
  for (const w of wanted) {
    const own = await client.query<{ id: number }>(
      `UPDATE whatsapps SET access_token = $4, page_id = $5, status = 'CONNECTED', status_reason = NULL, updated_at = now()
       WHERE company_id = $1 AND channel = $2 AND account_id = $3 RETURNING id`,
      [companyId, w.channel, w.accountId, w.accessToken, w.pageId],
    );
    if (own.rows[0]) {
      ids.push(own.rows[0].id);
      continue;
    }
    // Counted (and the company locked) before anything else changes, so a refusal leaves other companies alone.
    await assertPlanAllows(client, companyId, "connections");
    const moved = await client.query<{ id: number; company_id: number }>(
      `UPDATE whatsapps /* all-companies: a page this admin proved to manage leaves any other company */
       SET account_id = NULL, page_id = NULL, access_token = NULL, status = 'DISCONNECTED', updated_at = now()
       WHERE channel = $1 AND account_id = $2 AND company_id <> $3 RETURNING id, company_id`,
      [w.channel, w.accountId, companyId],
    );
    for (const r of moved.rows) {
      logger.warn(
        { connectionId: r.id, companyId: r.company_id, channel: w.channel },
        "facebook: a connection lost its account to another company",
      );
      changes.push({ companyId: r.company_id, entity: "whatsapps", id: r.id });
      released.push(r.id);
    }
    const isDefault = !(await companyHasWhatsapps(client, companyId));
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO whatsapps (company_id, name, channel, status, is_default, token, page_id, account_id, access_token)
       VALUES ($1, $2, $3, 'CONNECTED', $4, $5, $6, $7, $8) RETURNING id`,
      [
        companyId,
        await freeName(client, companyId, w),
        w.channel,
        isDefault,
        generateConnectionToken(),
        w.pageId,
        w.accountId,
        w.accessToken,
      ],
    );
    ids.push(rows[0]!.id);
  }
  changes.push(...ids.map((id): Change => ({ companyId, entity: "whatsapps", id })));
  await recordChanges(client, changes);
  // The channel worker takes the new connections (and lets go of those that lost their page) when poked.
  for (const id of [...ids, ...released])
    await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(id)]);
  const out: WhatsappAnswer[] = [];
  for (const id of ids) out.push(await loadWhatsapp(client, actor, id));
  return out;
}
