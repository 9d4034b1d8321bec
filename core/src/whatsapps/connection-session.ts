// The one way core asks for something on a Baileys session (spec 2 §4 session buttons): in the caller's
// transaction it sets the status the request implies, records the change (so every screen follows at once)
// and writes the NOTIFY the channel worker acts on (topics.ts); the worker then writes the real status,
// QR code, pairing code and number back. Only WhatsApp-by-QR connections have a session: the Cloud API,
// Facebook and Instagram speak through the Graph API with stored credentials and have no QR to show.
import type pg from "pg";
import { CONNECTION_SESSION_CHANNEL, type ConnectionSessionRequest } from "../contract/topics.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { whatsappNotFound, wrongState } from "../kernel/errors.ts";

/** What each request shows until the worker reports: the session is being opened, or it is gone. */
/** Each starts afresh: the last failure's reason goes (decision 0093), the worker writes the next one. */
const STATUS_SET: Record<ConnectionSessionRequest["action"], string> = {
  start: "status = 'OPENING', qrcode = NULL, pairing_code = NULL, status_reason = NULL",
  "new-qr": "status = 'OPENING', qrcode = NULL, pairing_code = NULL, status_reason = NULL",
  restart: "status = 'OPENING', qrcode = NULL, pairing_code = NULL, status_reason = NULL",
  logout: "status = 'DISCONNECTED', qrcode = NULL, pairing_code = NULL, status_reason = NULL",
};

export const NO_SESSION_MESSAGE = "Only WhatsApp connections paired by QR code have a session";

/** Locks the connection of the company and checks that it has a session to act on. */
export async function lockSessionConnection(
  client: pg.ClientBase,
  companyId: number,
  id: number,
): Promise<{ id: number; status: string }> {
  const { rows } = await client.query<{ id: number; channel: string; status: string }>(
    "SELECT id, channel, status FROM whatsapps WHERE id = $1 AND company_id = $2 FOR UPDATE",
    [id, companyId],
  );
  const row = rows[0];
  if (!row) throw whatsappNotFound();
  if (row.channel !== "whatsapp") throw wrongState(NO_SESSION_MESSAGE, { channel: row.channel });
  return row;
}

/**
 * Sets the status `request` implies, records the change and notifies the worker, all in `client`'s
 * transaction: a request that rolls back is never acted on. `statusSet` overrides the columns set.
 */
export async function requestConnectionSession(
  client: pg.ClientBase,
  request: ConnectionSessionRequest,
  statusSet = STATUS_SET[request.action],
): Promise<void> {
  const { whatsappId, companyId } = request;
  await client.query(`UPDATE whatsapps SET ${statusSet}, updated_at = now() WHERE id = $1 AND company_id = $2`, [
    whatsappId,
    companyId,
  ]);
  await recordChanges(client, [{ companyId, entity: "whatsapps", id: whatsappId }]);
  await client.query("SELECT pg_notify($1, $2)", [CONNECTION_SESSION_CHANNEL, JSON.stringify(request)]);
}
