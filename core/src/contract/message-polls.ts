// POST /messages/poll/{ticketId}: an agent sends a poll (spec 1 §2 lists pollCreationMessageV3 among the message
// types; decision 0062). Only WhatsApp by QR code (Baileys) sends polls. Stored in the shape an incoming poll has
// (decision 0053), so the inbox draws both alike and the contacts' votes are counted on it.
import { z } from "zod";

/** WhatsApp's bounds: 2 to 12 options. */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 12;

export const ZSendPollRequestSchema = z
  .object({
    /** The client's id of the message (UUIDv7): the idempotency key, as for POST /messages/{ticketId}. */
    id: z.uuid().optional(),
    /** The question. */
    name: z.string().trim().min(1, "Required").max(255, "Too Long!"),
    /** The answers offered, each once. */
    options: z
      .array(z.string().trim().min(1, "Required").max(100, "Too Long!"))
      .min(POLL_OPTIONS_MIN, "Too Short!")
      .max(POLL_OPTIONS_MAX, "Too Long!")
      .refine((o) => new Set(o).size === o.length, "Options must differ"),
    /** How many options a contact may pick: 1 (the default) for one, 0 for any number. */
    selectableCount: z.number().int().min(0).max(POLL_OPTIONS_MAX).default(1),
  })
  .refine((p) => p.selectableCount <= p.options.length, {
    message: "More than the options offered",
    path: ["selectableCount"],
  });
export type TSendPollRequest = z.infer<typeof ZSendPollRequestSchema>;

/** messages.data_json of a poll: what the inbox draws and the Baileys adapter sends (the secret opens the votes). */
export type PollPayload = {
  pollCreationMessageV3: { name: string; options: { optionName: string }[]; selectableOptionsCount: number };
  /** 32 random bytes, base64: the poll's messageSecret, which the contacts' votes are encrypted with. */
  pollSecret: string;
  votes: Record<string, string[]>;
};
