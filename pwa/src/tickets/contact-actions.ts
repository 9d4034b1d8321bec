// What the contact drawer changes, local-first like the ticket actions: each queues its push
// mutation. The contact's own fields (name, number, e-mail, blocked, the two switches) are
// replicated and change in the replica at once (undone on refusal); tags, notes and extra info
// are not replicated, so the drawer shows them as the cached REST answer with the waiting
// entries laid over it (contact-drawer-data.ts).

import type {
  TCreateTicketNoteRequest,
  TSyncTagsRequest,
  TUpdateContactRequest,
} from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import type { ChatflowDb } from "../store/db.ts";
import { queueMutation } from "../sync/optimistic.ts";

type Contact = Pick<ContactDTO, "id" | "active" | "disableBot" | "acceptAudioMessage" | "number">;

const contactChange = (contact: Pick<ContactDTO, "id">, patch: Partial<ContactDTO>, now: Date) => ({
  table: "contacts" as const,
  id: contact.id,
  patch: { ...patch, updatedAt: now.toISOString() },
});

/** Block (active false) or unblock (active true); spec 1 §4 Contact. */
export function blockContact(db: ChatflowDb, contact: Contact, active: boolean, now = new Date()): Promise<number> {
  return queueMutation(
    db,
    "blockContact",
    { contactId: contact.id, active },
    contactChange(contact, { active }, now),
    now,
  );
}

/** Flips disableBot (the chatbot and flows leave the contact alone). */
export function toggleDisableBot(db: ChatflowDb, contact: Contact, now = new Date()): Promise<number> {
  const patch = { disableBot: !contact.disableBot };
  return queueMutation(db, "toggleDisableBot", { contactId: contact.id }, contactChange(contact, patch, now), now);
}

/** Flips acceptAudioMessage. */
export function toggleAcceptAudio(db: ChatflowDb, contact: Contact, now = new Date()): Promise<number> {
  const patch = { acceptAudioMessage: !contact.acceptAudioMessage };
  return queueMutation(db, "toggleAcceptAudio", { contactId: contact.id }, contactChange(contact, patch, now), now);
}

/**
 * The edit dialog's save. `input` holds only what changed; a number left as shown (masked under
 * LGPD) is not sent. extraInfo is the whole list of custom fields.
 */
export function updateContact(
  db: ChatflowDb,
  contact: Contact,
  input: TUpdateContactRequest,
  now = new Date(),
): Promise<number> {
  const patch: Partial<ContactDTO> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.number !== undefined) patch.number = input.number;
  return queueMutation(
    db,
    "updateContact",
    { contactId: contact.id, ...input },
    contactChange(contact, patch, now),
    now,
  );
}

/** The contact ends up with exactly these tags: existing ones by id, new ones by name (created). */
export function setContactTags(db: ChatflowDb, contactId: number, tags: TSyncTagsRequest["tags"]): Promise<number> {
  return queueMutation(db, "syncContactTags", { contactId, tags } satisfies TSyncTagsRequest);
}

export function addTicketNote(db: ChatflowDb, input: TCreateTicketNoteRequest): Promise<number> {
  return queueMutation(db, "createTicketNote", input);
}

export function deleteTicketNote(db: ChatflowDb, noteId: number): Promise<number> {
  return queueMutation(db, "deleteTicketNote", { noteId });
}
