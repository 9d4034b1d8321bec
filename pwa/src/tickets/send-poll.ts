// Sending a poll on a WhatsApp (QR code) ticket (decisions 0062, 0067), local-first like a contact card: checked
// with core's own schema, the poll appears at once (ack 0) in the shape core stores (question and options, no
// votes yet) and a sendPoll mutation waits in the outbox. Core adds the poll's secret, which the contacts' votes
// are encrypted with, and its row replaces this one with the pull.
import type { Channel, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import {
  pollBody,
  pollCreation,
  type TSendPollArgs,
  ZSendPollArgsSchema,
} from "@chatflow/core/contract/message-polls.ts";
import type { z } from "zod";
import type { ChatflowDb } from "../store/db.ts";
import { outgoingMessage, touchTicket } from "./send-message.ts";

/** Only WhatsApp by QR code (Baileys) sends polls; core answers ERR_WRONG_STATE on any other channel. */
export const sendsPolls = (channel: Channel | null | undefined): boolean => channel === "whatsapp";

export type PollDraft = { name: string; options: string[]; selectableCount: number };
export type ParsedPoll = Pick<TSendPollArgs, "name" | "options" | "selectableCount">;

const CHECK_ONLY = { id: "00000000-0000-7000-8000-000000000000", ticketId: 1 };

/** Checks a draft as core will (selectableCount: how many answers each person may pick, 1 to the options offered). */
export function parsePoll(draft: PollDraft): { ok: true; poll: ParsedPoll } | { ok: false; error: z.ZodError } {
  const parsed = ZSendPollArgsSchema.safeParse({
    ...CHECK_ONLY,
    name: draft.name,
    options: draft.options,
    selectableCount: draft.selectableCount,
  });
  if (!parsed.success) return { ok: false, error: parsed.error };
  const { name, options, selectableCount } = parsed.data;
  return { ok: true, poll: { name, options, selectableCount } };
}

/** The data_json the optimistic row carries (core's adds the secret). */
export const pollData = (poll: ParsedPoll) => ({ pollCreationMessageV3: pollCreation(poll), votes: {} });

export type SendPollInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  /** Already checked with parsePoll. */
  poll: ParsedPoll;
  userId: number | null;
  now?: Date;
};

/** Stores the optimistic poll and its mutation in one transaction; returns the message. */
export async function sendPoll(db: ChatflowDb, input: SendPollInput): Promise<MessageDTO> {
  const createdAt = (input.now ?? new Date()).toISOString();
  const body = pollBody(input.poll.name, input.poll.options);
  const message = outgoingMessage(input, {
    body,
    createdAt,
    mediaType: "pollCreationMessageV3",
    dataJson: pollData(input.poll),
  });
  const args: TSendPollArgs = ZSendPollArgsSchema.parse({ id: message.id, ticketId: message.ticketId, ...input.poll });
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    await db.outbox.add({ name: "sendPoll", args, queuedAt: createdAt });
  });
  return message;
}
