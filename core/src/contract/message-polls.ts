// POST /messages/poll/{ticketId}: an agent sends a poll (spec 1 §2 lists pollCreationMessageV3 among the message
// types; decision 0062). Only WhatsApp by QR code (Baileys) sends polls. Stored in the shape an incoming poll has
// (decision 0053), so the inbox draws both alike and the contacts' votes are counted on it.
import { z } from "zod";
import { zId } from "./ids.ts";

/** WhatsApp's bounds: 2 to 12 options. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 12;

/** The poll itself, as the REST request and the push mutation both take it. */
const pollFields = {
  /** The question. */
  name: z.string().trim().min(1, "Required").max(255, "Too Long!"),
  /** The answers offered, each once. */
  options: z
    .array(z.string().trim().min(1, "Required").max(100, "Too Long!"))
    .min(POLL_OPTIONS_MIN, "Too Short!")
    .max(POLL_OPTIONS_MAX, "Too Long!")
    .refine((o) => new Set(o).size === o.length, "Options must differ"),
  /**
   * How many options a contact may pick: 1 (the default) up to the number offered, as the composer's dialog offers
   * (decision 0074). 0, WhatsApp's "any number", is still taken: API callers and outboxes written before may send it.
   */
  selectableCount: z.number().int().min(0).max(POLL_OPTIONS_MAX).default(1),
};

/** A contact cannot be asked to pick more options than the poll offers. */
const noMoreThanOffered = {
  check: (p: { options: string[]; selectableCount: number }) => p.selectableCount <= p.options.length,
  message: { message: "More than the options offered", path: ["selectableCount"] },
};

export const ZSendPollRequestSchema = z
  .object({
    /** The client's id of the message (UUIDv7): the idempotency key, as for POST /messages/{ticketId}. */
    id: z.uuid().optional(),
    ...pollFields,
  })
  .refine(noMoreThanOffered.check, noMoreThanOffered.message);
export type TSendPollRequest = z.infer<typeof ZSendPollRequestSchema>;

/** messages.data_json of a poll: what the inbox draws and the Baileys adapter sends (the secret opens the votes). */
export type PollPayload = {
  pollCreationMessageV3: { name: string; options: { optionName: string }[]; selectableOptionsCount: number };
  /** 32 random bytes, base64: the poll's messageSecret, which the contacts' votes are encrypted with. */
  pollSecret: string;
  votes: Record<string, string[]>;
};

/** The push mutation `sendPoll` (decision 0067): the PWA writes the poll at once and its outbox sends it. */
export const ZSendPollArgsSchema = z
  .object({
    /** UUIDv7 made by the client; the server stores the poll under this id. */
    id: z.uuid(),
    /** The ticket the poll is sent on. */
    ticketId: zId,
    ...pollFields,
  })
  .refine(noMoreThanOffered.check, noMoreThanOffered.message);
export type TSendPollArgs = z.infer<typeof ZSendPollArgsSchema>;

/** The stored body of a poll, as an incoming one has it: the question, then its options. */
export function pollBody(name: string, options: string[]): string {
  return [name, ...options.map((o) => `- ${o}`)].join("\n");
}

/** The poll part of a poll's data_json (core adds the secret; the PWA's optimistic row has none). */
export function pollCreation(p: { name: string; options: string[]; selectableCount: number }) {
  return {
    name: p.name,
    options: p.options.map((optionName) => ({ optionName })),
    selectableOptionsCount: p.selectableCount,
  } satisfies PollPayload["pollCreationMessageV3"];
}
