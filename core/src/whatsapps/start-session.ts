// Use case: POST /whatsappsession/{id} ('try again' on a DISCONNECTED connection): open the session with
// the stored credentials, or show a QR code without them; with a phone number, a pairing code instead.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TStartSessionRequest, WhatsappAnswer } from "../contract/whatsapps.ts";
import { lockSessionConnection, requestConnectionSession } from "./connection-session.ts";
import { loadWhatsapp } from "./load-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function startSession(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TStartSessionRequest,
): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "session");
  await lockSessionConnection(client, actor.companyId, id);
  await requestConnectionSession(client, {
    whatsappId: id,
    companyId: actor.companyId,
    action: "start",
    ...(input.phoneNumber ? { pairingPhoneNumber: input.phoneNumber } : {}),
  });
  return loadWhatsapp(client, actor, id);
}
