// A Cloud API phone number id is bound to a connection only when Meta's Graph API confirms that the access token
// given with it reaches that number (decision 0027). The proof is asked before the transaction (an outside call
// never holds a row lock); the use case binds only the pair that was proven. Whether another company holds the
// number never changes the answer: a pair Meta does not confirm is refused the same way whoever holds it, and a
// confirmed one is bound, taking the number from a company that held it before.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";
import { graphApiUnavailable, phoneNumberIdInUse, phoneNumberNotConfirmed } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import type { GraphApi } from "../meta/graph-api.ts";

/** A phone number id with the access token that would be stored beside it. */
export type PhoneNumberPair = { phoneNumberId: string; accessToken: string | null };

/** A pair the Graph API confirmed; only provePhoneNumber makes one. */
export type ProvenPhoneNumber = {
  readonly phoneNumberId: string;
  readonly accessToken: string;
  readonly proof: symbol;
};

const PROOF = Symbol("graph-api-confirmed");

/** The stored Cloud API fields an edit starts from (none for a new connection). */
export type StoredCloudFields = { channel: string; phoneNumberId: string | null; accessToken: string | null };

/** The Cloud API fields of a create or update request, as the contract parsed them (absent keeps the stored). */
export type RequestedCloudFields = {
  channel?: string;
  phoneNumberId?: string | null;
  accessToken?: string | null;
};

/**
 * The pair the write would bind and so must be proven: a phone number id on the Cloud API channel that the
 * connection does not hold yet. Null when the write binds nothing new (no number, another channel, the same
 * number kept, whatever happens to the token).
 */
export function phoneNumberToProve(
  stored: StoredCloudFields | null,
  requested: RequestedCloudFields,
): PhoneNumberPair | null {
  const channel = requested.channel ?? stored?.channel;
  if (channel !== "whatsappapi") return null;
  const phoneNumberId =
    requested.phoneNumberId === undefined ? (stored?.phoneNumberId ?? null) : requested.phoneNumberId;
  if (!phoneNumberId || phoneNumberId === stored?.phoneNumberId) return null;
  const accessToken = requested.accessToken === undefined ? (stored?.accessToken ?? null) : requested.accessToken;
  return { phoneNumberId, accessToken };
}

/** Meta's phone number ids are decimal digits; anything else names no number and is never sent to the Graph API. */
const PHONE_NUMBER_ID = /^\d{1,32}$/;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Asks the Graph API for the number with the pair's token (GET /{version}/{phone-number-id}?fields=id). Only a
 * 2xx answer naming the same id proves it; any refusal (wrong token, a number the token does not reach, no token,
 * a malformed id) is one neutral validation error. An unreachable or failing Graph API (network, timeout, 5xx,
 * 429) is ERR_GRAPH_API_UNAVAILABLE: nothing was learnt, the admin may retry.
 */
export async function provePhoneNumber(graph: GraphApi, pair: PhoneNumberPair): Promise<ProvenPhoneNumber> {
  const { phoneNumberId, accessToken } = pair;
  if (!accessToken || !PHONE_NUMBER_ID.test(phoneNumberId)) throw phoneNumberNotConfirmed();
  const url = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${phoneNumberId}?fields=id`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(graph.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn({ err }, "whatsapp: Graph API unreachable proving a phone number id");
    throw graphApiUnavailable();
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
  if (res.status >= 500 || res.status === 429) {
    logger.warn({ status: res.status }, "whatsapp: Graph API answered with an outage proving a phone number id");
    throw graphApiUnavailable();
  }
  if (!res.ok || body?.id !== phoneNumberId) throw phoneNumberNotConfirmed();
  return { phoneNumberId, accessToken, proof: PROOF };
}

/** Proves what a write would bind, if anything: the routes call it before their transaction. */
export async function proveRequestedPhoneNumber(
  graph: GraphApi,
  stored: StoredCloudFields | null,
  requested: RequestedCloudFields,
): Promise<ProvenPhoneNumber | undefined> {
  const pair = phoneNumberToProve(stored, requested);
  return pair ? provePhoneNumber(graph, pair) : undefined;
}

/**
 * An edit that gives a new access token for the number the connection keeps: the pair is proven like a new number
 * (a token that does not reach it is refused), so the connection is known to work again (decision 0093).
 */
export async function proveNewToken(
  graph: GraphApi,
  stored: StoredCloudFields,
  requested: RequestedCloudFields,
): Promise<ProvenPhoneNumber | undefined> {
  const channel = requested.channel ?? stored.channel;
  if (channel !== "whatsappapi" || !requested.accessToken || requested.accessToken === stored.accessToken) return;
  const phoneNumberId = requested.phoneNumberId === undefined ? stored.phoneNumberId : requested.phoneNumberId;
  if (!phoneNumberId) return;
  return provePhoneNumber(graph, { phoneNumberId, accessToken: requested.accessToken });
}

/** Whether `proven` is the Graph API's confirmation of exactly this pair (so the connection is known to work). */
export function isProvenPair(proven: ProvenPhoneNumber | undefined, pair: PhoneNumberPair): boolean {
  return (
    proven?.proof === PROOF && proven.phoneNumberId === pair.phoneNumberId && proven.accessToken === pair.accessToken
  );
}

/**
 * Inside the write's transaction, before the row is written: refuses a pair that is not the proven one (a
 * concurrent edit changed the stored token, or no proof was asked), refuses a number another connection of the
 * same company holds (the company's own data: 409), and takes the number from any other company's connection,
 * whose phone number id is cleared. Answers the changes to record for those connections.
 */
export async function bindPhoneNumber(
  client: pg.ClientBase,
  companyId: number,
  connectionId: number | null,
  pair: PhoneNumberPair,
  proven: ProvenPhoneNumber | undefined,
): Promise<Change[]> {
  if (!isProvenPair(proven, pair)) throw phoneNumberNotConfirmed();
  const own = await client.query(
    "SELECT 1 FROM whatsapps WHERE company_id = $1 AND phone_number_id = $2 AND id <> $3 LIMIT 1",
    [companyId, pair.phoneNumberId, connectionId ?? 0],
  );
  if (own.rowCount) throw phoneNumberIdInUse();
  const { rows } = await client.query<{ id: number; company_id: number }>(
    `UPDATE whatsapps /* all-companies: a number Meta confirmed for this company leaves any other company */
     SET phone_number_id = NULL, updated_at = now()
     WHERE phone_number_id = $1 AND company_id <> $2 RETURNING id, company_id`,
    [pair.phoneNumberId, companyId],
  );
  for (const r of rows) {
    logger.warn(
      { connectionId: r.id, companyId: r.company_id, to: companyId },
      "whatsapp: a connection lost its phone number id to another company",
    );
  }
  return rows.map((r) => ({ companyId: r.company_id, entity: "whatsapps", id: r.id }));
}
