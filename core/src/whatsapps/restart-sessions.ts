// Use case: POST /whatsapp-restart/ ('restart connections'): every WhatsApp-by-QR connection of the company
// closes its socket and connects again with its stored session. A connection someone disconnected stays
// disconnected (its own 'try again' starts it): a restart heals sessions, it does not undo a logout.
// Cloud API, Facebook and Instagram connections have no socket to restart.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { requestConnectionSession } from "./connection-session.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function restartSessions(client: pg.ClientBase, actor: Actor): Promise<{ restarted: number[] }> {
  authorizeWhatsapp(actor, "session");
  const companyId = actor.companyId;
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM whatsapps WHERE company_id = $1 AND channel = 'whatsapp' AND status <> 'DISCONNECTED'
     ORDER BY id FOR UPDATE`,
    [companyId],
  );
  for (const { id } of rows) {
    await requestConnectionSession(client, { whatsappId: id, companyId, action: "restart" });
  }
  return { restarted: rows.map((r) => r.id) };
}
