// Webhook and n8n integrations (decision 0056): the conversation event posted to the integration's URL, signed
// with HMAC-SHA256 over `${timestamp}.${body}` under the integration's signing secret. A retry posts the same
// event id, so a receiver that saw it already can drop it.
import { createHmac } from "node:crypto";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "../contract/integrations.ts";
import { assertOk, type OutboundOptions, postJson } from "./outbound-http.ts";
import type { StepRow, TicketContext } from "./step-context.ts";

export const EVENT_ID_HEADER = "x-chatflow-event-id";

/** The signature a receiver recomputes: sha256=hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)). */
export function signPayload(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

export type WebhookIntegration = {
  id: number;
  name: string;
  type: string;
  urlN8N: string | null;
  signingSecret: string;
};

export function webhookEvent(step: StepRow, ticket: TicketContext, integration: WebhookIntegration) {
  return {
    event: "message.received",
    eventId: String(step.id),
    occurredAt: step.createdAt.toISOString(),
    companyId: step.companyId,
    integration: { id: integration.id, name: integration.name, type: integration.type },
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
    contact: { id: ticket.contactId, name: ticket.contactName, number: ticket.contactNumber },
    connection: { id: ticket.whatsappId, name: ticket.connectionName },
    message: { body: step.body },
  };
}

export async function postWebhook(
  step: StepRow,
  ticket: TicketContext,
  integration: WebhookIntegration,
  opts: OutboundOptions,
  now: Date,
): Promise<void> {
  if (!integration.urlN8N) return;
  const raw = JSON.stringify(webhookEvent(step, ticket, integration));
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const answer = await postJson(
    integration.urlN8N,
    raw,
    {
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signPayload(integration.signingSecret, timestamp, raw),
      [EVENT_ID_HEADER]: String(step.id),
    },
    opts,
  );
  assertOk(answer, "The webhook");
}
