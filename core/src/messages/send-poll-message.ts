// Use case: an agent sends a poll on a WhatsApp (Baileys) ticket (decision 0062). Stored like any reply (queued),
// in the shape of an incoming poll (decision 0053) with a secret made here: the adapter sends it as the poll's
// messageSecret, so the contacts' votes, encrypted with it, are decrypted and counted on this message.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import type { Channel } from "../contract/entities.ts";
import { type PollPayload, pollBody, pollCreation, type TSendPollRequest } from "../contract/message-polls.ts";
import { wrongState } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { sendMessage } from "../tickets/send-message.ts";

/** Answers the id of the stored message; `input.id` is the client's, else a new one. */
export async function sendPollMessage(
  client: pg.ClientBase,
  actor: Actor,
  input: TSendPollRequest & { ticketId: number },
): Promise<string> {
  const ticket = await findVisibleTicket(client, actor, input.ticketId);
  const { rows } = await client.query<{ channel: Channel }>(
    "SELECT channel FROM whatsapps WHERE id = $1 AND company_id = $2",
    [ticket.whatsappId, actor.companyId],
  );
  if (rows[0]?.channel !== "whatsapp") {
    throw wrongState("Polls are sent only on WhatsApp connections paired by QR code", { channel: rows[0]?.channel });
  }
  const dataJson: PollPayload = {
    pollCreationMessageV3: pollCreation(input),
    pollSecret: randomBytes(32).toString("base64"),
    votes: {},
  };
  return sendMessage(client, actor, {
    id: input.id ?? uuidv7(),
    ticketId: input.ticketId,
    body: pollBody(input.name, input.options),
    mediaType: "pollCreationMessageV3",
    dataJson,
  });
}
