// A ticket as the inbox list shows it (spec 1 §2, §3 Ticket), built from the plain row the list reads and the
// company's reference rows (company-cache.ts): the same keys and values as TICKET_ITEM_TEXT, the one-ticket answers'
// form (ticket-list-item.test.ts compares them), presented for the caller (LGPD masking).
import type { CompanyReferences, QueueRef, UserRef, WhatsappRef } from "./company-cache.ts";
import { presentContact } from "./present-contact.ts";
import type { Viewer } from "./viewer.ts";

/** What the list reads of a ticket: its columns, its contact's, its tag ids and its latest rating. */
export type TicketListRow = {
  id: number;
  uuid: string;
  status: string;
  channel: string;
  isGroup: boolean;
  isBot: boolean;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  unreadMessages: number;
  lastMessage: string;
  companyId: number;
  /** PostgreSQL's text of a timestamptz ("2026-03-10 15:00:00.123456+00"), as read. */
  createdAt: string;
  updatedAt: string;
  protocol: string | null;
  useIntegration: boolean;
  contactName: string;
  contactNumber: string;
  contactUrlPicture: string | null;
  contactIsGroup: boolean;
  tagIds: number[] | null;
  rating: number | null;
  /** The ticket row's and the contact row's versions (xmin): any write to either makes new ones. */
  rowVersion: string;
  contactVersion: string;
};

/** The columns of TicketListRow over `tickets t` joined with `contacts c`. */
export const TICKET_LIST_COLUMNS = `t.id, t.uuid, t.status, t.channel, t.is_group AS "isGroup", t.is_bot AS "isBot",
  t.contact_id AS "contactId", t.queue_id AS "queueId", t.user_id AS "userId", t.whatsapp_id AS "whatsappId",
  t.unread_messages AS "unreadMessages", t.last_message AS "lastMessage", t.company_id AS "companyId",
  t.created_at AS "createdAt", t.updated_at AS "updatedAt", t.protocol, t.use_integration AS "useIntegration",
  c.name AS "contactName", c.number AS "contactNumber", c.url_picture AS "contactUrlPicture",
  c.is_group AS "contactIsGroup", t.xmin::text AS "rowVersion", c.xmin::text AS "contactVersion",
  (SELECT array_agg(tt.tag_id ORDER BY tt.tag_id) FROM ticket_tags tt
    WHERE tt.ticket_id = t.id AND tt.company_id = t.company_id) AS "tagIds",
  (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id AND r.company_id = t.company_id
    ORDER BY r.created_at DESC, r.id DESC LIMIT 1) AS rating`;

/** The join TICKET_LIST_COLUMNS reads, from `tickets t`. */
export const TICKET_LIST_JOIN = "JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id";

/**
 * A timestamptz's text as to_json writes it (ISO 8601: "T" between day and time, the offset with its minutes), from
 * its ISO DateStyle text ("2026-03-10 15:00:00.123456+00"); other text is answered as it is.
 */
export function jsonTimestamp(text: string): string {
  if (text.charCodeAt(10) !== 32) return text;
  const iso = `${text.slice(0, 10)}T${text.slice(11)}`;
  // "+00" -> "+00:00"; "+05:30" stays.
  const sign = iso.charCodeAt(iso.length - 3);
  return sign === 43 || sign === 45 ? `${iso}:00` : iso;
}

/** True when every queue, owner, connection and tag the rows name is among `refs` (else they are older than a row). */
export function referencesCover(refs: CompanyReferences, rows: readonly TicketListRow[]): boolean {
  for (const r of rows) {
    if (r.queueId !== null && !refs.queues.has(r.queueId)) return false;
    if (r.userId !== null && !refs.users.has(r.userId)) return false;
    if (r.whatsappId !== null && !refs.whatsapps.has(r.whatsappId)) return false;
    if (r.tagIds) for (const id of r.tagIds) if (!refs.tags.has(id)) return false;
  }
  return true;
}

const byRank = (refs: CompanyReferences) => (a: number, b: number) => refs.tags.get(a)!.rank - refs.tags.get(b)!.rank;

/** The list item of `row`, in TICKET_ITEM_TEXT's key order. */
export function ticketListItem(viewer: Viewer, refs: CompanyReferences, row: TicketListRow) {
  // A tag of another company is no tag of this ticket (the item's join kept the company's tags only).
  const tagIds = row.tagIds ? row.tagIds.filter((id) => refs.tags.has(id)) : [];
  const tags = [...tagIds].sort(byRank(refs)).map((id) => {
    const g = refs.tags.get(id)!;
    return { id: g.id, name: g.name, color: g.color };
  });
  const q: QueueRef | undefined = row.queueId === null ? undefined : refs.queues.get(row.queueId);
  const u: UserRef | undefined = row.userId === null ? undefined : refs.users.get(row.userId);
  const w: WhatsappRef | undefined = row.whatsappId === null ? undefined : refs.whatsapps.get(row.whatsappId);
  const contact = {
    id: row.contactId,
    name: row.contactName,
    number: row.contactNumber,
    urlPicture: row.contactUrlPicture,
    isGroup: row.contactIsGroup,
  };
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    channel: row.channel,
    isGroup: row.isGroup,
    isBot: row.isBot,
    contactId: row.contactId,
    queueId: row.queueId,
    userId: row.userId,
    whatsappId: row.whatsappId,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    companyId: row.companyId,
    createdAt: jsonTimestamp(row.createdAt),
    updatedAt: jsonTimestamp(row.updatedAt),
    protocol: row.protocol,
    useIntegration: row.useIntegration,
    contact: viewer.hideNumbers ? presentContact(viewer, contact) : contact,
    queue: q ? { id: q.id, name: q.name, color: q.color } : null,
    user: u ? { id: u.id, name: u.name } : null,
    whatsapp: w ? { id: w.id, name: w.name, channel: w.channel, groupAsTicket: w.groupAsTicket } : null,
    tags,
    tagIds,
    rating: row.rating,
    userRating: row.rating === null ? null : { rate: row.rating },
  };
}

/** Item texts kept per company's references: enough for the first pages of every list its people look at. */
const MAX_ITEM_TEXTS = 4_000;

/**
 * The list item of `row` as JSON text. A viewer who reads whole numbers gets the text written for the same ticket
 * before when nothing it shows changed since: the same ticket and contact row versions, tags and rating, and the same
 * references (names); anything else writes it now and keeps it.
 */
export function ticketListItemText(viewer: Viewer, refs: CompanyReferences, row: TicketListRow): string {
  if (viewer.hideNumbers) return JSON.stringify(ticketListItem(viewer, refs, row));
  const version = `${row.rowVersion}:${row.contactVersion}:${row.rating}:${row.tagIds}`;
  const kept = refs.itemTexts.get(row.id);
  if (kept?.version === version) return kept.text;
  const text = JSON.stringify(ticketListItem(viewer, refs, row));
  if (kept) refs.itemTexts.delete(row.id);
  else if (refs.itemTexts.size >= MAX_ITEM_TEXTS) refs.itemTexts.delete(refs.itemTexts.keys().next().value!);
  refs.itemTexts.set(row.id, { version, text });
  return text;
}
