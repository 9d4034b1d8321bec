// The contact drawer's lists as the person should see them: the last REST answer kept offline
// (store/cache.ts) with the changes still waiting in the outbox laid over it, so a note added or
// a tag set offline shows at once and disappears only if the server refuses it.
import type { TagDTO, TExtraInfoItem, TicketNoteDTO, TSyncTagsRequest } from "@chatflow/core/contract/contacts.ts";
import type { OutboxEntry } from "../store/db.ts";

/** Cache keys of the drawer's REST answers. */
export const cacheKeys = {
  contact: (id: number) => `contact:${id}`,
  notes: (ticketId: number) => `notes:${ticketId}`,
  ticketLog: (ticketId: number) => `ticketLog:${ticketId}`,
  tags: "tags",
};

export type NoteView = TicketNoteDTO & {
  /** Written here and not yet taken by the server (it has no server id yet: id is negative). */
  pending: boolean;
};

type NoteArgs = { note: string; ticketId: number; contactId?: number };

/** The ticket's notes, newest first: waiting ones on top, waiting deletions already gone. */
export function notesView(
  cached: TicketNoteDTO[] | undefined,
  waiting: readonly OutboxEntry[],
  ticketId: number,
  author: { id: number; name: string },
): NoteView[] {
  const deleted = new Set(
    waiting.filter((e) => e.name === "deleteTicketNote").map((e) => (e.args as { noteId: number }).noteId),
  );
  const added: NoteView[] = waiting
    .filter((e) => e.name === "createTicketNote" && (e.args as NoteArgs).ticketId === ticketId)
    .map((e) => {
      const args = e.args as NoteArgs;
      return {
        id: -e.id,
        note: args.note.trim(),
        ticketId,
        contactId: args.contactId ?? null,
        userId: author.id,
        user: { id: author.id, name: author.name },
        createdAt: e.queuedAt,
        updatedAt: e.queuedAt,
        pending: true,
      };
    })
    .reverse();
  const stored = (cached ?? []).filter((n) => !deleted.has(n.id)).map((n) => ({ ...n, pending: false }));
  return [...added, ...stored];
}

export type TagView = { id?: number; name: string; color: string | null };

/**
 * The contact's tags: the last waiting syncContactTags for the contact wins (it is the whole
 * list), named by the company's tags; new names show as they were typed.
 */
export function tagsView(
  cached: readonly TagDTO[] | undefined,
  waiting: readonly OutboxEntry[],
  contactId: number,
  companyTags: readonly TagDTO[],
): TagView[] {
  const last = waiting
    .filter((e) => e.name === "syncContactTags" && (e.args as TSyncTagsRequest).contactId === contactId)
    .at(-1);
  if (!last) return (cached ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color }));
  const known = new Map([...companyTags, ...(cached ?? [])].map((t) => [t.id, t]));
  return (last.args as TSyncTagsRequest).tags.map((t) => {
    const tag = t.id !== undefined ? known.get(t.id) : undefined;
    if (tag) return { id: tag.id, name: tag.name, color: tag.color };
    return { ...(t.id !== undefined ? { id: t.id } : {}), name: t.name?.trim() ?? "", color: null };
  });
}

/** The list syncContactTags takes for these tags. */
export function tagsRequest(tags: readonly TagView[]): TSyncTagsRequest["tags"] {
  return tags.map((t) => (t.id !== undefined ? { id: t.id } : { name: t.name }));
}

/** The contact's custom fields: the last waiting edit that carries them wins. */
export function extraInfoView(
  cached: readonly TExtraInfoItem[] | undefined,
  waiting: readonly OutboxEntry[],
  contactId: number,
): { id?: number; name: string; value: string }[] {
  const last = waiting
    .filter((e) => {
      const args = e.args as { contactId?: number; extraInfo?: unknown };
      return e.name === "updateContact" && args.contactId === contactId && Array.isArray(args.extraInfo);
    })
    .at(-1);
  const list = last
    ? (last.args as { extraInfo: { id?: number; name: string; value?: unknown }[] }).extraInfo
    : (cached ?? []);
  return list.map((i) => ({
    ...(i.id !== undefined ? { id: i.id } : {}),
    name: i.name,
    value: i.value == null ? "" : String(i.value),
  }));
}

/** Outbox entries the drawer lays over its lists, for one ticket and its contact. */
export function drawerEntries(entries: readonly OutboxEntry[], ticketId: number, contactId: number): OutboxEntry[] {
  return entries.filter((e) => {
    const args = e.args as { ticketId?: number; contactId?: number };
    switch (e.name) {
      case "createTicketNote":
        return args.ticketId === ticketId;
      case "deleteTicketNote":
        return true;
      case "syncContactTags":
      case "updateContact":
        return args.contactId === contactId;
      default:
        return false;
    }
  });
}
