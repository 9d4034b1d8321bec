// Use cases: DELETE /whatsappsession/{id} ('disconnect': log the session out at WhatsApp, status
// DISCONNECTED) and its super-user variant DELETE /whatsappsession/admin/{id}, which names a connection of
// any company (the platform's support disconnects a customer's session).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { WhatsappAnswer } from "../contract/whatsapps.ts";
import { whatsappNotFound } from "../kernel/errors.ts";
import { lockSessionConnection, requestConnectionSession } from "./connection-session.ts";
import { loadWhatsapp } from "./load-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function disconnectSession(client: pg.ClientBase, actor: Actor, id: number): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "session");
  await lockSessionConnection(client, actor.companyId, id);
  await requestConnectionSession(client, { whatsappId: id, companyId: actor.companyId, action: "logout" });
  return loadWhatsapp(client, actor, id);
}

/** The super user's disconnect of any company's connection; answers the connection's company id. */
export async function disconnectAnySession(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeWhatsapp(actor, "anyCompany");
  const { rows } = await client.query<{ companyId: number }>(
    `SELECT company_id AS "companyId" FROM whatsapps
     WHERE id = $1 /* all-companies: the super user names a connection of any company */`,
    [id],
  );
  const companyId = rows[0]?.companyId;
  if (companyId === undefined) throw whatsappNotFound();
  await lockSessionConnection(client, companyId, id);
  await requestConnectionSession(client, { whatsappId: id, companyId, action: "logout" });
}
