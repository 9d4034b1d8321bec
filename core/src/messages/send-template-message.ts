// Use case: an agent sends an approved WhatsApp Cloud API template on a ticket (issue 10; decision 0053), the one
// kind of message that may reach a contact outside the 24-hour window. Stored like any reply (queued, the
// template and its values in data_json, the filled-in text as body), the channel worker sends it as `type:
// template`. Only Cloud API connections have templates.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import type { Channel } from "../contract/entities.ts";
import type { TemplatePayload, TSendTemplateRequest } from "../contract/message-templates.ts";
import { wrongState } from "../kernel/errors.ts";
import { templateAllowed } from "../tickets/customer-window.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { sendMessage } from "../tickets/send-message.ts";

/** Answers the id of the stored message; `input.id` is the client's (sync push, REST), else a new one. */
export async function sendTemplateMessage(
  client: pg.ClientBase,
  actor: Actor,
  input: TSendTemplateRequest & { ticketId: number },
): Promise<string> {
  const ticket = await findVisibleTicket(client, actor, input.ticketId);
  const { rows } = await client.query<{ channel: Channel }>(
    "SELECT channel FROM whatsapps WHERE id = $1 AND company_id = $2",
    [ticket.whatsappId, actor.companyId],
  );
  const channel = rows[0]?.channel;
  if (channel && !templateAllowed(channel)) {
    throw wrongState("Templates are sent only on WhatsApp Cloud API connections", { channel });
  }
  const dataJson: TemplatePayload = {
    template: {
      name: input.name,
      language: input.language,
      headerParams: input.headerParams,
      bodyParams: input.bodyParams,
    },
  };
  return sendMessage(client, actor, {
    id: input.id ?? uuidv7(),
    ticketId: input.ticketId,
    body: input.body,
    mediaType: "template",
    dataJson,
  });
}
