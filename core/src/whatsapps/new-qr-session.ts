// Use case: PUT /whatsappsession/{id} ('new QR'): forget the stored session and pair again from a new QR code.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { WhatsappAnswer } from "../contract/whatsapps.ts";
import { lockSessionConnection, requestConnectionSession } from "./connection-session.ts";
import { loadWhatsapp } from "./load-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function newQrSession(client: pg.ClientBase, actor: Actor, id: number): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "session");
  await lockSessionConnection(client, actor.companyId, id);
  await requestConnectionSession(client, { whatsappId: id, companyId: actor.companyId, action: "new-qr" });
  return loadWhatsapp(client, actor, id);
}
