// Sending an approved Cloud API template (decision 0053), local-first like any reply: checked with core's own
// schema, the message appears at once (ack 0) with the filled-in text core will store, and a sendTemplate mutation
// waits in the outbox (offline, it goes when the network is back).
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import {
  type MessageTemplate,
  type TemplatePayload,
  type TSendTemplateArgs,
  templatePreview,
  ZSendTemplateArgsSchema,
} from "@chatflow/core/contract/message-templates.ts";
import type { z } from "zod";
import type { ChatflowDb } from "../store/db.ts";
import { outgoingMessage, touchTicket } from "./send-message.ts";

export type SendTemplateInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  template: MessageTemplate;
  headerParams: string[];
  bodyParams: string[];
  userId: number | null;
  now?: Date;
};

/** The values checked as core checks them; the issues' paths name the field (`bodyParams.1`). */
export function parseTemplateValues(
  template: MessageTemplate,
  headerParams: string[],
  bodyParams: string[],
): { ok: true } | { ok: false; error: z.ZodError } {
  const parsed = ZSendTemplateArgsSchema.safeParse({
    id: "00000000-0000-7000-8000-000000000000",
    ticketId: 1,
    name: template.name,
    language: template.language,
    headerParams: headerParams.slice(0, template.headerVariables),
    bodyParams: bodyParams.slice(0, template.bodyVariables),
    body: templatePreview(template, headerParams, bodyParams),
  });
  return parsed.success ? { ok: true } : { ok: false, error: parsed.error };
}

/** Stores the optimistic message and its mutation in one transaction; returns the message. */
export async function sendTemplate(db: ChatflowDb, input: SendTemplateInput): Promise<MessageDTO> {
  const { template } = input;
  const headerParams = input.headerParams.slice(0, template.headerVariables).map((v) => v.trim());
  const bodyParams = input.bodyParams.slice(0, template.bodyVariables).map((v) => v.trim());
  const body = templatePreview(template, headerParams, bodyParams);
  const createdAt = (input.now ?? new Date()).toISOString();
  const dataJson: TemplatePayload = {
    template: { name: template.name, language: template.language, headerParams, bodyParams },
  };
  const message = outgoingMessage(input, { body, createdAt, mediaType: "template", dataJson });
  const args: TSendTemplateArgs = ZSendTemplateArgsSchema.parse({
    id: message.id,
    ticketId: message.ticketId,
    name: template.name,
    language: template.language,
    headerParams,
    bodyParams,
    body,
  });
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    await db.outbox.add({ name: "sendTemplate", args, queuedAt: createdAt });
  });
  return message;
}
