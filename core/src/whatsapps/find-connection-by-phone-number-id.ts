// The Cloud API connection a webhook delivery is for, found by the phone number id Meta sends: before
// this lookup no company is known, so it is the one read of connections across companies.
import type pg from "pg";

export type CloudConnection = {
  id: number;
  companyId: number;
  appSecret: string | null;
  verifyToken: string | null;
  accessToken: string | null;
  /** The WhatsApp Business Account the webhook's entry named last (whatsapps.business_account_id). */
  businessAccountId: string | null;
};

/** Connection rows are cached this long, so a webhook costs no lookup query. */
const CACHE_MS = 5000;

/** Looks connections up by phone number id, each answer (a miss too) kept CACHE_MS in this process. */
export class CloudConnectionFinder {
  private readonly cache = new Map<string, { at: number; conn: CloudConnection | null }>();
  private readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async find(phoneNumberId: string): Promise<CloudConnection | null> {
    const hit = this.cache.get(phoneNumberId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.conn;
    const conn = await findConnectionByPhoneNumberId(this.pool, phoneNumberId);
    this.cache.set(phoneNumberId, { at: Date.now(), conn });
    return conn;
  }
}

export async function findConnectionByPhoneNumberId(
  pool: pg.Pool,
  phoneNumberId: string,
): Promise<CloudConnection | null> {
  const { rows } = await pool.query<CloudConnection>(
    `SELECT /* all-companies: a delivery names its connection only by phone number id */
       id, company_id AS "companyId", app_secret AS "appSecret", verify_token AS "verifyToken",
       access_token AS "accessToken", business_account_id AS "businessAccountId"
     FROM whatsapps WHERE phone_number_id = $1 AND channel = 'whatsappapi'`,
    [phoneNumberId],
  );
  return rows[0] ?? null;
}

/** Meta's subscription handshake names only the verify token: is it one of ours? */
export async function isKnownVerifyToken(pool: pg.Pool, token: string): Promise<boolean> {
  if (token.length === 0) return false;
  const { rowCount } = await pool.query(
    "SELECT /* all-companies: the handshake names no connection */ 1 FROM whatsapps WHERE verify_token = $1 LIMIT 1",
    [token],
  );
  return (rowCount ?? 0) > 0;
}
