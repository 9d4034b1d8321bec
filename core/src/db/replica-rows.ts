// SELECT lists that read each replicated table in its contract shape, named by
// entity property (db/select-list.ts): the row types are the entities' own.
import { MESSAGE_REPLICA_KEYS } from "../contract/entities.ts";
import type { IContact, IMessage, IQueue, ITicket, IUser, IWhatsapp } from "./entities/index.ts";
import { type RowOf, selectList } from "./select-list.ts";

const TICKET_KEYS = [
  "id",
  "uuid",
  "status",
  "channel",
  "isGroup",
  "isBot",
  "contactId",
  "queueId",
  "userId",
  "whatsappId",
  "unreadMessages",
  "lastMessage",
  "companyId",
  "createdAt",
  "updatedAt",
] as const;
export type TicketReplicaRow = RowOf<ITicket, typeof TICKET_KEYS>;
export const TICKET_COLUMNS = selectList<ITicket>()("t", TICKET_KEYS);

/**
 * The replica's ticket row (TicketDTO): the columns plus its tag ids and latest rating, read
 * per row by index (ticket_tags' primary key, user_ratings_ticket) in the same statement.
 */
export const TICKET_REPLICA_COLUMNS = `${TICKET_COLUMNS},
  COALESCE((SELECT array_agg(tt.tag_id ORDER BY tt.tag_id) FROM ticket_tags tt
    WHERE tt.ticket_id = t.id AND tt.company_id = t.company_id), '{}') AS "tagIds",
  (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id AND r.company_id = t.company_id
    ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS "rating"`;

const MESSAGE_KEYS = MESSAGE_REPLICA_KEYS;
export type MessageReplicaRow = RowOf<IMessage, typeof MESSAGE_KEYS>;
export const MESSAGE_COLUMNS = selectList<IMessage>()("m", MESSAGE_KEYS);

const CONTACT_KEYS = [
  "id",
  "name",
  "number",
  "email",
  "urlPicture",
  "active",
  "acceptAudioMessage",
  "disableBot",
  "isGroup",
  "channel",
  "whatsappId",
  "companyId",
  "updatedAt",
] as const;
export type ContactReplicaRow = RowOf<IContact, typeof CONTACT_KEYS>;
export const CONTACT_COLUMNS = selectList<IContact>()("c", CONTACT_KEYS);

const QUEUE_KEYS = ["id", "name", "color", "companyId"] as const;
export type QueueReplicaRow = RowOf<IQueue, typeof QUEUE_KEYS>;
export const QUEUE_COLUMNS = selectList<IQueue>()("q", QUEUE_KEYS);

const WHATSAPP_KEYS = [
  "id",
  "name",
  "channel",
  "status",
  "isDefault",
  "groupAsTicket",
  "companyId",
  "sendHold",
  "statusReason",
] as const;
export type WhatsappReplicaRow = RowOf<IWhatsapp, typeof WHATSAPP_KEYS>;
export const WHATSAPP_COLUMNS = selectList<IWhatsapp>()("w", WHATSAPP_KEYS);

const USER_KEYS = [
  "id",
  "name",
  "email",
  "profile",
  "super",
  "companyId",
  "whatsappId",
  "startWork",
  "endWork",
  "allTicket",
  "allowGroup",
  "defaultTheme",
  "defaultMenu",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
  "online",
  "color",
  "profileImage",
  "defaultTicketsManagerWidth",
] as const;
/** Plus `darkMode`, which the contract derives from defaultTheme. */
export type UserReplicaRow = RowOf<IUser, typeof USER_KEYS> & { darkMode: boolean };
export const USER_COLUMNS = `${selectList<IUser>()("u", USER_KEYS)}, u.default_theme = 'dark' AS "darkMode"`;

/** A user's queues as spec 1 §3 names them (id, name, color), for the replica's user rows. */
export const USER_QUEUES_JSON = `COALESCE((SELECT json_agg(json_build_object('id', q.id, 'name', q.name, 'color', q.color)
    ORDER BY q.id) FROM user_queues uq JOIN queues q ON q.id = uq.queue_id AND q.company_id = u.company_id
    WHERE uq.user_id = u.id AND uq.company_id = u.company_id), '[]') AS queues`;
