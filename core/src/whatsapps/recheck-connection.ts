// Use case: 'try again' (POST /whatsappsession/{id}) on a Cloud API, Facebook or Instagram connection (issue 22;
// decision 0093). These have no session to open: the token is checked against the Graph API (before the
// transaction) and the answer becomes the connection's state, up or down with Meta's reason; the worker is woken so
// messages waiting in the queue go out at once.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import type { WhatsappAnswer } from "../contract/whatsapps.ts";
import { whatsappNotFound } from "../kernel/errors.ts";
import type { GraphTokenCheck, GraphTokenTarget } from "../meta/graph-token-check.ts";
import { writeConnectionState } from "./connection-state.ts";
import { loadWhatsapp } from "./load-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

/** The Graph channel's node and token, or null for a WhatsApp-by-QR connection (it has a session instead). */
export async function loadGraphTarget(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<GraphTokenTarget | null> {
  authorizeWhatsapp(actor, "session");
  const { rows } = await db.query<{ channel: string; nodeId: string | null; accessToken: string | null }>(
    `SELECT channel, CASE WHEN channel = 'whatsappapi' THEN phone_number_id ELSE page_id END AS "nodeId",
       access_token AS "accessToken" FROM whatsapps WHERE id = $1 AND company_id = $2`,
    [id, actor.companyId],
  );
  const row = rows[0];
  if (!row) throw whatsappNotFound();
  if (row.channel === "whatsapp") return null;
  return row as GraphTokenTarget;
}

/** Records the check's answer as the connection's state and answers the connection. */
export async function recordTokenCheck(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  check: GraphTokenCheck,
): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "session");
  await writeConnectionState(
    client,
    actor.companyId,
    id,
    check.ok ? { status: "CONNECTED" } : { status: "DISCONNECTED", reason: check.reason, detail: check.detail },
  );
  if (check.ok) await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(id)]);
  return loadWhatsapp(client, actor, id);
}
