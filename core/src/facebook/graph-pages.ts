// The Graph API calls of POST /facebook (decision 0052): the pages a Facebook user manages, with each page's
// token and linked Instagram business account, and the subscription of a page to the app's webhooks.

import { facebookGraphUnavailable, facebookPagesNotFound, facebookTokenRefused } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import type { GraphApi } from "../meta/graph-api.ts";
import { type TFacebookPage, ZFacebookPageSchema } from "../meta/messenger-payloads.ts";

/** The webhook fields a page is subscribed to: messages, echoes, receipts, reactions and button presses. */
export const PAGE_WEBHOOK_FIELDS = [
  "messages",
  "message_echoes",
  "message_deliveries",
  "message_reads",
  "message_reactions",
  "messaging_postbacks",
].join(",");

/** At most this many pages are connected by one request (the first page of Meta's answer). */
export const MAX_PAGES = 100;
const DEFAULT_TIMEOUT_MS = 10_000;

const base = (graph: GraphApi) => `${graph.url.replace(/\/+$/, "")}/${graph.version}`;

/** One call; an unreachable or failing Graph API (network, timeout, 5xx, 429) is ERR_GRAPH_API_UNAVAILABLE. */
async function call(graph: GraphApi, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      redirect: "error",
      signal: AbortSignal.timeout(graph.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn({ err }, "facebook: Graph API unreachable");
    throw facebookGraphUnavailable();
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (res.status >= 500 || res.status === 429) {
    logger.warn({ status: res.status }, "facebook: Graph API answered with an outage");
    throw facebookGraphUnavailable();
  }
  return { status: res.status, body };
}

/**
 * The user's pages (GET /{user-id}/accounts): only pages that pass the contract's schema; a refused token is
 * one validation error on facebookUserToken, no page at all one on facebookUserId.
 */
export async function listUserPages(graph: GraphApi, userId: string, userToken: string): Promise<TFacebookPage[]> {
  const fields = "id,name,access_token,instagram_business_account{id,username,name}";
  const url = `${base(graph)}/${userId}/accounts?fields=${encodeURIComponent(fields)}&limit=${MAX_PAGES}`;
  const { status, body } = await call(graph, url, { headers: { authorization: `Bearer ${userToken}` } });
  if (status !== 200) throw facebookTokenRefused();
  const data = (body as { data?: unknown } | null)?.data;
  const pages = (Array.isArray(data) ? data : [])
    .slice(0, MAX_PAGES)
    .map((p) => ZFacebookPageSchema.safeParse(p))
    .filter((p) => p.success)
    .map((p) => p.data);
  if (pages.length === 0) throw facebookPagesNotFound();
  return pages;
}

/** The Meta app, when configured (FACEBOOK_APP_ID and FACEBOOK_APP_SECRET). */
export type FacebookApp = { id?: string | undefined; secret?: string | undefined };

/**
 * A long-lived user token for the short-lived one the social login gave (decision 0093; Meta's "Long-Lived Access
 * Tokens": GET /oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token, answering
 * {access_token, token_type, expires_in}). Page tokens read with a long-lived user token do not expire, so the pages
 * keep working after the login's hour. Without the app's id and secret the token is used as given. A refused token
 * is the same validation error as a refused page list.
 */
export async function longLivedUserToken(graph: GraphApi, app: FacebookApp, userToken: string): Promise<string> {
  if (!app.id || !app.secret) return userToken;
  const query = new URLSearchParams({
    grant_type: "fb_exchange_token",
    client_id: app.id,
    client_secret: app.secret,
    fb_exchange_token: userToken,
  });
  const { status, body } = await call(graph, `${base(graph)}/oauth/access_token?${query}`, {});
  const token = (body as { access_token?: unknown } | null)?.access_token;
  if (status !== 200 || typeof token !== "string" || !token) throw facebookTokenRefused();
  return token;
}

/** Subscribes the page to the app's webhooks (POST /{page-id}/subscribed_apps) with the page's token. */
export async function subscribePage(graph: GraphApi, page: TFacebookPage): Promise<void> {
  const url = `${base(graph)}/${page.id}/subscribed_apps?subscribed_fields=${PAGE_WEBHOOK_FIELDS}`;
  const { status } = await call(graph, url, {
    method: "POST",
    headers: { authorization: `Bearer ${page.access_token}` },
  });
  // The page token came with the user's own answer a moment ago: a refusal means the user may not manage it.
  if (status !== 200) throw facebookTokenRefused();
}
