// Use case: an agent sends an interactive message (spec 1 §1: list, copy-code,
// call-me, URL, PIX payment). The request becomes one message whose dataJson
// holds the payload the channel worker renders, and whose body is the readable
// text the inbox and the ticket list show. It is queued like any reply.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import { type InteractiveMessage, interactivePayload } from "../contract/message-payloads.ts";
import { sendMessage } from "../tickets/send-message.ts";

export type { InteractiveMessage } from "../contract/message-payloads.ts";

/** A PIX payment's reference: fixed when core stores the message, so a resend by the worker asks for the same payment. */
const pixReference = () => uuidv7().replace(/-/g, "").slice(-11).toUpperCase();

/** Answers the id of the stored message; `id` is the client's (sync push), else a new one. */
export async function sendInteractiveMessage(
  client: pg.ClientBase,
  actor: Actor,
  input: { ticketId: number; message: InteractiveMessage; id?: string },
): Promise<string> {
  const { body, mediaType, dataJson } = interactivePayload(input.message, pixReference());
  const id = input.id ?? uuidv7();
  return sendMessage(client, actor, { id, ticketId: input.ticketId, body, mediaType, dataJson });
}
