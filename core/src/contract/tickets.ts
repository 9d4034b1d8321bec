// Requests and answers of the ticket actions (spec 1 §4 Transitions, §7 Tickets),
// shared by core's routes, the sync push and the PWA's dialogs.
import { z } from "zod";
import type { Channel, TicketDTO, TicketStatus } from "./entities.ts";
import { zId, zIdParam, zIdParamWith } from "./ids.ts";

/** Spec 1 §5 "New ticket" and "Accept": the message when no queue is chosen. */
export const QUEUE_REQUIRED_MESSAGE = "Selecione uma fila";
/** Spec 1 §4: closing with company setting requiredTag on and no tag on the contact. */
export const TAG_REQUIRED_MESSAGE = "You must assign a tag before closing the ticket.";

const id = zIdParam;
const queueId = zIdParamWith(QUEUE_REQUIRED_MESSAGE);

export const ZCreateTicketRequestSchema = z.object({
  /** The contact the conversation is with. */
  contactId: id,
  /** The queue (department) the ticket starts in; required by the new-ticket dialog. */
  queueId: z.preprocess((v) => (v === "" ? undefined : v), queueId),
  /** The connection the conversation goes through. */
  whatsappId: zIdParamWith("Selecione uma conexão"),
  /** Owner of an open ticket; the caller when absent. Ignored for a pending ticket. */
  userId: id.nullable().optional(),
  /** open (the default: the caller attends at once) or pending (waits in the queue). */
  status: z.enum(["open", "pending"]).default("open"),
  /** Sent by the original client; ignored: a ticket is always created in the caller's company. */
  companyId: z.unknown().optional(),
});
export type TCreateTicketRequest = z.infer<typeof ZCreateTicketRequestSchema>;

export const ZUpdateTicketRequestSchema = z.object({
  /** The status asked for: open/group (accept, reopen), pending (return), closed (resolve, ignore, close). */
  status: z.enum(["open", "group", "pending", "closed"]).optional(),
  /** New owner (transfer, accept); null means no owner. */
  userId: id.nullable().optional(),
  /** Queue to use (accept of a ticket without queue, reopen, transfer). */
  queueId: id.nullable().optional(),
  /** Note written on a transfer, kept as a private message on the ticket. */
  msgTransfer: z.string().max(4096).nullable().optional(),
  /** Connection the conversation continues on (transfer); the ticket's own when absent. */
  whatsappId: id.nullable().optional(),
  /** True when the change is a transfer (the transfer dialog). */
  isTransfered: z.boolean().optional(),
  /** Whether the queue's integration (bot) handles the ticket. */
  useIntegration: z.boolean().optional(),
  /** Resolve with the farewell message (true) or silently. */
  sendFarewellMessage: z.boolean().optional(),
  /** Bot use counter of the ticket; ignoring always resets it to 0. */
  amountUsedBotQueues: z.coerce.number().int().nonnegative().max(1_000_000).optional(),
});
export type TUpdateTicketRequest = z.infer<typeof ZUpdateTicketRequestSchema>;

export const ZCloseAllTicketsRequestSchema = z.object({
  /** Status of the tickets to close. */
  status: z.enum(["pending", "open", "group", "lgpd", "nps"]),
  /** Queues whose tickets close; empty or absent means every queue (and tickets without one). */
  selectedQueueIds: z.array(id).max(1000).optional(),
});
export type TCloseAllTicketsRequest = z.infer<typeof ZCloseAllTicketsRequestSchema>;

// Sync push mutations (contract/sync.ts MUTATIONS): the transitions an agent
// may make offline, each naming its ticket.

const ticketRef = {
  /** The ticket the transition applies to. */
  ticketId: zId,
};

export const ZAcceptTicketArgsSchema = z.object({
  ...ticketRef,
  /** The queue chosen in the accept dialog; needed when the ticket has none. */
  queueId: zId.nullable().optional(),
});
export type TAcceptTicketArgs = z.infer<typeof ZAcceptTicketArgsSchema>;

export const ZReturnTicketArgsSchema = z.object({ ...ticketRef });
export type TReturnTicketArgs = z.infer<typeof ZReturnTicketArgsSchema>;

export const ZTransferTicketArgsSchema = z.object({
  ...ticketRef,
  /** Destination queue; the ticket's own queue when absent (one is required). */
  queueId: zId.nullable().optional(),
  /** Destination user; none leaves the ticket pending in the queue. */
  userId: zId.nullable().optional(),
  /** Destination connection, of the ticket's channel; the ticket's own when absent. */
  whatsappId: zId.nullable().optional(),
  /** Note kept as a private message on the ticket. */
  msgTransfer: z.string().max(4096).nullable().optional(),
});
export type TTransferTicketArgs = z.infer<typeof ZTransferTicketArgsSchema>;

export const ZResolveTicketArgsSchema = z.object({
  ...ticketRef,
  /** Send the farewell message to the contact. */
  sendFarewellMessage: z.boolean().optional(),
});
export type TResolveTicketArgs = z.infer<typeof ZResolveTicketArgsSchema>;

export const ZIgnoreTicketArgsSchema = z.object({ ...ticketRef });
export type TIgnoreTicketArgs = z.infer<typeof ZIgnoreTicketArgsSchema>;

export const ZReopenTicketArgsSchema = z.object({
  ...ticketRef,
  /** The queue to reopen in; needed when the ticket has none. */
  queueId: zId.nullable().optional(),
});
export type TReopenTicketArgs = z.infer<typeof ZReopenTicketArgsSchema>;

/** Error body `data` of ERR_OTHER_OPEN_TICKET: who holds the contact's ticket in progress. */
export type OpenTicketHolder = {
  userId: number | null;
  userName: string | null;
  queueName: string | null;
  status: TicketStatus;
  uuid: string;
};

/** One entry of GET /tickets-log/{ticketId}, oldest first. */
export type TicketLogEntryDTO = {
  id: number;
  type: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
  createdAt: string;
};

/** One ticket of GET /tickets (spec 1 §7): the replica's row plus what the list item shows (decision 0008). */
export type TicketListItemDTO = TicketDTO & {
  contact: { id: number; name: string; number: string; urlPicture: string | null; isGroup: boolean };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; channel: Channel; groupAsTicket: string } | null;
  tags: { id: number; name: string; color: string }[];
  userRating: { rate: number } | null;
};

/** GET /tickets: a keyset page; `nextCursor` opens the next one (null on the last). */
export type ListTicketsResponse = {
  tickets: TicketListItemDTO[];
  hasMore: boolean;
  count: number;
  nextCursor: string | null;
};

/** The kinds of a ticket log entry (spec 1 §3 "Ticket log entry"). */
export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];
