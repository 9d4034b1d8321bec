// The sync protocol between the PWA and core (ARCHITECTURE.md "Sync protocol"):
// pull with a cursor, push with client mutation ids, poke over a WebSocket.
import { z } from "zod";
import type { ContactDTO, MessageDTO, QueueDTO, TicketDTO, UserDTO, WhatsappDTO } from "./entities.ts";
import type { ErrorBody } from "./errors.ts";
import { ZDeleteMessageArgsSchema, ZEditMessageArgsSchema } from "./messages.ts";
import {
  ZAcceptTicketArgsSchema,
  ZIgnoreTicketArgsSchema,
  ZReopenTicketArgsSchema,
  ZResolveTicketArgsSchema,
  ZReturnTicketArgsSchema,
  ZTransferTicketArgsSchema,
} from "./tickets.ts";

export const ZSendMessageArgsSchema = z.object({
  /** UUIDv7 made by the client; the server stores the message under this id. */
  id: z.uuid(),
  /** The ticket the reply belongs to. */
  ticketId: z.number().int().positive(),
  /** Text of the message; whitespace-only text is refused (spec 1 §4 Messages). */
  body: z.string().trim().min(1, "Empty message").max(65536),
  /** An internal note that never leaves the inbox. */
  isPrivate: z.boolean().optional(),
  /** Id of the message this one replies to. */
  quotedMsgId: z.uuid().nullable().optional(),
  /** When the person wrote it (client clock), ISO string. */
  createdAt: z.iso.datetime().optional(),
});
export type TSendMessageArgs = z.infer<typeof ZSendMessageArgsSchema>;

/** Every mutation name the push accepts, with its argument schema. */
export const MUTATIONS = {
  sendMessage: ZSendMessageArgsSchema,
  // The agent's own messages (spec 1 §4 Messages; contract/messages.ts).
  editMessage: ZEditMessageArgsSchema,
  deleteMessage: ZDeleteMessageArgsSchema,
  // Ticket transitions an agent may make offline (spec 1 §4; contract/tickets.ts).
  acceptTicket: ZAcceptTicketArgsSchema,
  returnTicket: ZReturnTicketArgsSchema,
  transferTicket: ZTransferTicketArgsSchema,
  resolveTicket: ZResolveTicketArgsSchema,
  ignoreTicket: ZIgnoreTicketArgsSchema,
  reopenTicket: ZReopenTicketArgsSchema,
} as const;
export type MutationName = keyof typeof MUTATIONS;

export const ZMutationSchema = z.object({
  /** Per-client increasing number; (clientId, id) is applied once. */
  id: z.number().int().nonnegative(),
  /** Which use case to run. */
  name: z.string(),
  /** The use case's arguments, checked against MUTATIONS[name]. */
  args: z.unknown(),
});

export const ZPushRequestSchema = z.object({
  /** Stable id of one browser install (kept in IndexedDB). */
  clientId: z.string().min(8).max(64),
  /** Mutations in the order they were made. */
  mutations: z.array(ZMutationSchema).max(500),
});
export type TPushRequest = z.infer<typeof ZPushRequestSchema>;

export type MutationResult = { id: number; ok: true } | { id: number; ok: false; error: ErrorBody };
export type PushResponse = { results: MutationResult[] };

export type Entities = {
  tickets: TicketDTO;
  messages: MessageDTO;
  contacts: ContactDTO;
  queues: QueueDTO;
  whatsapps: WhatsappDTO;
  users: UserDTO;
};
export type EntityName = keyof Entities;

export type PullResponse = {
  /** Pass it back as ?cursor= on the next pull (a first pull sends none). Opaque decimal string. */
  cursor: string;
  /** True when the client must drop its replica and take this as the whole state. */
  reset: boolean;
  /** Rows to insert or replace. */
  put: { [K in EntityName]: Entities[K][] };
  /** Ids of rows that are gone or no longer visible to this user. */
  del: { [K in EntityName]: Entities[K]["id"][] };
  /** True when more changes wait: pull again at once. */
  more: boolean;
};

/**
 * Frames core sends on the realtime WebSocket (/ws?token=...). A logout tells why the
 * session ended: ERR_SESSION_EXPIRED when the account signed in elsewhere (the PWA says
 * 'Sua conta foi acessada em outro computador.'), LOGGED_OUT when it signed out (another tab).
 */
export type ServerFrame = { type: "poke" } | { type: "logout"; reason: "ERR_SESSION_EXPIRED" | "LOGGED_OUT" };
