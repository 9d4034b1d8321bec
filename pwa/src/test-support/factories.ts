// Small builders for replicated records, so each test states only what matters to it.
import type { ContactDTO, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { InboxEntityName, PullResponse } from "@chatflow/core/contract/sync.ts";
import { openDb } from "../store/db.ts";

let seq = 0;

export function testDb() {
  return openDb(`chatflow-test-${++seq}-${Math.random().toString(36).slice(2)}`);
}

export function buildTicket(over: Partial<TicketDTO> = {}): TicketDTO {
  const id = over.id ?? ++seq;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    status: "open",
    channel: "whatsapp",
    isGroup: false,
    isBot: false,
    contactId: 1,
    queueId: null,
    userId: 1,
    whatsappId: 1,
    unreadMessages: 0,
    lastMessage: "",
    companyId: 1,
    createdAt: "2025-01-01T10:00:00.000Z",
    updatedAt: "2025-01-01T10:00:00.000Z",
    tagIds: [],
    rating: null,
    ...over,
  };
}

export function buildContact(over: Partial<ContactDTO> = {}): ContactDTO {
  return {
    id: over.id ?? ++seq,
    name: "Maria",
    number: "5511999990000",
    email: "",
    urlPicture: null,
    active: true,
    acceptAudioMessage: true,
    disableBot: false,
    isGroup: false,
    channel: "whatsapp",
    whatsappId: 1,
    companyId: 1,
    updatedAt: "2025-01-01T10:00:00.000Z",
    ...over,
  };
}

export function buildMessage(over: Partial<MessageDTO> = {}): MessageDTO {
  return {
    id: over.id ?? crypto.randomUUID(),
    ticketId: 1,
    contactId: 1,
    companyId: 1,
    userId: null,
    body: "Olá",
    fromMe: false,
    read: false,
    mediaType: "chat",
    mediaUrl: null,
    dataJson: null,
    ack: 1,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: false,
    quotedMsgId: null,
    errorCode: null,
    createdAt: "2025-01-01T10:00:00.000Z",
    updatedAt: "2025-01-01T10:00:00.000Z",
    ...over,
  };
}

type PageInput = {
  cursor: string;
  reset?: boolean;
  more?: boolean;
  put?: Partial<PullResponse["put"]>;
  del?: Partial<PullResponse["del"]>;
} & Pick<PullResponse, "pendingConversations" | "heldConversations">;

const EMPTY = (): { [K in InboxEntityName]: never[] } => ({
  tickets: [],
  messages: [],
  contacts: [],
  queues: [],
  whatsapps: [],
  users: [],
  schedules: [],
});

export function buildPullPage(input: PageInput): PullResponse {
  return {
    cursor: input.cursor,
    reset: input.reset ?? false,
    more: input.more ?? false,
    put: { ...EMPTY(), ...input.put },
    del: { ...EMPTY(), ...input.del },
    ...(input.pendingConversations ? { pendingConversations: input.pendingConversations } : {}),
    ...(input.heldConversations ? { heldConversations: input.heldConversations } : {}),
  };
}
