// The shapes of records as the API and the sync protocol carry them.
// Field names follow spec 1 §3.

export type Profile = "admin" | "user";

import type { ConnectionProblem } from "./connection-state.ts";

export type Channel = "whatsapp" | "whatsappapi" | "facebook" | "instagram";
export type TicketStatus = "pending" | "open" | "group" | "closed" | "lgpd" | "nps";

/** The plan's feature flags (spec 1 §1): each switches a whole feature, and its menu items, on or off. */
export type PlanFlags = {
  useWhatsapp: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
};

/** The flags' names, in the order the plan editor lists them (spec 3 §3 Plan). */
export const PLAN_FLAG_KEYS = [
  "useWhatsapp",
  "useFacebook",
  "useInstagram",
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const satisfies readonly (keyof PlanFlags)[];

export type CompanyDTO = {
  id: number;
  name: string;
  /** ISO date (yyyy-mm-dd); company 1 is 2999-12-31. */
  dueDate: string | null;
  /**
   * The session answers only (login, refresh, GET /auth/me): the plan's flags, null when the
   * company has no plan (every flagged feature off). The PWA shows menu items by them.
   */
  plan?: PlanFlags | null;
  /** The session answers only: the company's settings, defaults filled in (spec 1 §3 User.company). */
  companieSettings?: Record<string, string>;
};

export type UserDTO = {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  companyId: number;
  company?: CompanyDTO;
  queues?: { id: number; name: string; color: string }[];
  whatsappId: number | null;
  startWork: string;
  endWork: string;
  allTicket: "enabled" | "disabled";
  allowGroup: boolean;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  allHistoric: "enabled" | "disabled";
  allUserChat: "enabled" | "disabled";
  userClosePendingTicket: "enabled" | "disabled";
  showDashboard: "enabled" | "disabled";
  allowRealTime: "enabled" | "disabled";
  allowConnections: "enabled" | "disabled";
  online: boolean;
  color: string | null;
  profileImage: string | null;
  /** Width in pixels of the ticket list panel; the user resizes it for themself. */
  defaultTicketsManagerWidth: number;
  /** defaultTheme is dark: spec 1 §3 lists both, one column holds them (not settable on its own). */
  darkMode: boolean;
};

/**
 * What a plain user reads of another user (the replica, pickers): who they are,
 * their colour, queues and presence. Never e-mail, profile, permission flags,
 * work hours or settings: those are the admins' and the user's own.
 */
export type PublicUserDTO = Pick<UserDTO, "id" | "name" | "color" | "online" | "queues">;

export type QueueDTO = { id: number; name: string; color: string; companyId: number };

export type WhatsappDTO = {
  id: number;
  name: string;
  channel: Channel;
  status: string;
  isDefault: boolean;
  groupAsTicket: "enabled" | "disabled";
  companyId: number;
  /**
   * Why the connection's queue is held (a send refused as rate-limited or restricted), or null (decision 0053).
   * Absent on rows a device kept from before it was replicated.
   */
  sendHold?: SendHold | null;
  /** Why the connection is down, or null (issue 22; decision 0093). Absent on rows kept from before it was replicated. */
  statusReason?: ConnectionProblem | null;
};

/** A connection's held queue: the channel refused a send as rate-limited or the account as restricted. */
export type SendHold = { reason: "rate-limited" | "restricted"; detail: string; since: string };

export type ContactDTO = {
  id: number;
  name: string;
  number: string;
  email: string;
  urlPicture: string | null;
  active: boolean;
  acceptAudioMessage: boolean;
  disableBot: boolean;
  isGroup: boolean;
  channel: Channel;
  whatsappId: number | null;
  companyId: number;
  updatedAt: string;
};

export type TicketDTO = {
  id: number;
  uuid: string;
  status: TicketStatus;
  channel: Channel;
  isGroup: boolean;
  isBot: boolean;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  unreadMessages: number;
  lastMessage: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
  /** The ticket's tags (ids, by tag name), for the list item and its tag filter (spec 1 §2). */
  tagIds: number[];
  /** The latest rating (1–5) of a closed ticket, shown as an emoji in the list (spec 1 §2), or null. */
  rating: number | null;
};

/** 0 clock (not yet sent), 1 sent, 2 delivered, 3 read, 4 played, 5 highlighted; -1 failed. */
export type Ack = -1 | 0 | 1 | 2 | 3 | 4 | 5;

export type MessageDTO = {
  /** UUIDv7; made by the client for outbound messages so that it is the idempotency key. */
  id: string;
  ticketId: number;
  contactId: number | null;
  companyId: number;
  userId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: unknown;
  ack: Ack;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  quotedMsgId: string | null;
  /** Why an outbound message failed, when ack is -1. */
  errorCode: string | null;
  /**
   * The channel's id of the message (wamid, Baileys key id) once sent or received: a reaction names its target
   * by it, so the replica needs it for our own outbound messages, whose dataJson does not carry it.
   */
  remoteId?: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The fields of a message the replica keeps: the sync rows select them, the PWA keeps them of REST answers. */
export const MESSAGE_REPLICA_KEYS = [
  "id",
  "ticketId",
  "contactId",
  "companyId",
  "userId",
  "body",
  "fromMe",
  "read",
  "mediaType",
  "mediaUrl",
  "dataJson",
  "ack",
  "isDeleted",
  "isEdited",
  "isForwarded",
  "isPrivate",
  "quotedMsgId",
  "errorCode",
  "remoteId",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof MessageDTO)[];
