// The contacts screen's writes, local-first: each queues its push mutation
// (contract/sync.ts MUTATIONS) and changes the replica at once, in one transaction, so
// it works offline; a refusal undoes the change (contact-rollbacks.ts, run by the push).
// A contact being created has no id until core answers: it is shown from its outbox
// entry (pendingContacts) until the pull brings the stored row (docs/decisions/0035).
import {
  normalizeContactNumber,
  type TCreateContactRequest,
  type TExtraInfoItem,
} from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO } from "@chatflow/core/contract/entities.ts";
import type { MUTATIONS } from "@chatflow/core/contract/sync.ts";
import type { z } from "zod";
import type { ChatflowDb } from "../store/db.ts";

/** What the replica may hold beside a contact's row while a change of this device waits for core. */
export type LocalState = {
  /** The replicated values before the first change still waiting; a refusal puts them back. */
  before?: Partial<ContactDTO>;
  /** A deletion waits: the row stays (to come back if refused) but is not shown. */
  deleting?: true;
};
export type LocalContact = ContactDTO & {
  local?: LocalState;
  /**
   * When a REST page of the contacts screen wrote this row (Date.now()): a reset of the replica, whose snapshot
   * holds only the contacts of tickets, keeps such rows (applyPull, pull.ts).
   */
  cachedAt?: number;
};

export type UpdateArgs = z.input<(typeof MUTATIONS)["updateContact"]>;
export type BlockArgs = z.input<(typeof MUTATIONS)["blockContact"]>;
export type ContactRef = z.input<(typeof MUTATIONS)["deleteContact"]>;

/** The replicated fields of a contact (a list answer carries more: tags, extraInfo, the connection). */
export function replicaFields(c: ContactDTO): ContactDTO {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    urlPicture: c.urlPicture,
    active: c.active,
    acceptAudioMessage: c.acceptAudioMessage,
    disableBot: c.disableBot,
    isGroup: c.isGroup,
    channel: c.channel,
    whatsappId: c.whatsappId,
    companyId: c.companyId,
    updatedAt: c.updatedAt,
  };
}

const now = () => new Date().toISOString();

/**
 * Keeps the contacts of a page core answered in the replica, so what a person has seen online
 * is there offline too (the first pull holds only the contacts of tickets). Later changes reach
 * them like any replica row, through the pull. A row carrying a change of this device, or newer
 * than the page, is left as it is.
 */
export async function cacheContactPage(db: ChatflowDb, page: ContactDTO[]): Promise<void> {
  if (page.length === 0) return;
  await db.transaction("rw", db.contacts, async () => {
    const current = (await db.contacts.bulkGet(page.map((c) => c.id))) as (LocalContact | undefined)[];
    const fresh = page.filter((c, i) => {
      const row = current[i];
      return !row || (row.local === undefined && row.updatedAt <= c.updatedAt);
    });
    const cachedAt = Date.now();
    await db.contacts.bulkPut(fresh.map((c): LocalContact => ({ ...replicaFields(c), cachedAt })));
  });
}

/** Queues a new contact (already validated with ZCreateContactRequestSchema). */
export async function queueCreateContact(db: ChatflowDb, input: TCreateContactRequest): Promise<void> {
  await db.outbox.add({ name: "createContact", args: input, queuedAt: now() });
}

/** A contact waiting in the outbox to be created. */
export type PendingContact = {
  outboxId: number;
  name: string;
  number: string;
  email: string;
  whatsappId: number | null;
};

/** A chain of Dexie promises (no native await): live queries read it (use-contacts-list.ts says why). */
export function pendingContacts(db: ChatflowDb): Promise<PendingContact[]> {
  return db.outbox
    .filter((e) => e.name === "createContact")
    .toArray()
    .then((entries) =>
      entries.map((e) => {
        const a = e.args as TCreateContactRequest;
        return {
          outboxId: e.id,
          name: a.name,
          number: normalizeContactNumber(String(a.number)),
          email: a.email ?? "",
          whatsappId: a.whatsappId ?? null,
        };
      }),
    );
}

/**
 * Applies `patch` to the contact's replica row (adding the row when only the server's list had it),
 * remembering the values it replaces, and queues the mutation, in one transaction.
 */
async function changeLocally(
  db: ChatflowDb,
  contact: ContactDTO,
  patch: Partial<ContactDTO>,
  local: LocalState,
  mutation:
    | { name: "updateContact"; args: UpdateArgs }
    | { name: "blockContact"; args: BlockArgs }
    | { name: "deleteContact"; args: ContactRef },
): Promise<void> {
  await db.transaction("rw", [db.contacts, db.outbox], async () => {
    const current: LocalContact =
      ((await db.contacts.get(contact.id)) as LocalContact | undefined) ?? replicaFields(contact);
    const before: Partial<ContactDTO> = { ...current.local?.before };
    for (const key of Object.keys(patch) as (keyof ContactDTO)[]) {
      if (!(key in before)) (before as Record<string, unknown>)[key] = current[key];
    }
    const next: LocalContact = {
      ...current,
      ...patch,
      local: { ...current.local, ...local, ...(Object.keys(before).length > 0 ? { before } : {}) },
    };
    await db.contacts.put(next);
    await db.outbox.add({ name: mutation.name, args: mutation.args, queuedAt: now() });
  });
}

export type ContactEdit = {
  name?: string;
  /** The number as the form holds it; unchanged when it equals what the person was shown. */
  number?: string;
  email?: string;
  whatsappId?: number | null;
  acceptAudioMessage?: boolean;
  disableBot?: boolean;
  /** The whole list of extra fields (only when it was loaded, i.e. online). */
  extraInfo?: Omit<TExtraInfoItem, "id">[] | TExtraInfoItem[];
};

/** Queues an edit; the replica shows it at once. Only fields that differ from `contact` are sent. */
export async function queueUpdateContact(db: ChatflowDb, contact: ContactDTO, edit: ContactEdit): Promise<boolean> {
  const args: UpdateArgs = { contactId: contact.id };
  const patch: Partial<ContactDTO> = {};
  if (edit.name !== undefined && edit.name !== contact.name) patch.name = args.name = edit.name;
  if (edit.email !== undefined && edit.email !== contact.email) patch.email = args.email = edit.email;
  if (edit.number !== undefined && edit.number !== contact.number) {
    args.number = edit.number;
    patch.number = normalizeContactNumber(edit.number);
  }
  if (edit.whatsappId !== undefined && edit.whatsappId !== contact.whatsappId)
    patch.whatsappId = args.whatsappId = edit.whatsappId;
  if (edit.acceptAudioMessage !== undefined && edit.acceptAudioMessage !== contact.acceptAudioMessage)
    patch.acceptAudioMessage = args.acceptAudioMessage = edit.acceptAudioMessage;
  if (edit.disableBot !== undefined && edit.disableBot !== contact.disableBot)
    patch.disableBot = args.disableBot = edit.disableBot;
  if (edit.extraInfo !== undefined) args.extraInfo = edit.extraInfo;
  if (Object.keys(args).length === 1) return false;
  await changeLocally(db, contact, patch, {}, { name: "updateContact", args });
  return true;
}

/** Block (active false) or unblock (true); spec 1 §4 Contact. */
export async function queueBlockContact(db: ChatflowDb, contact: ContactDTO, active: boolean): Promise<void> {
  await changeLocally(db, contact, { active }, {}, { name: "blockContact", args: { contactId: contact.id, active } });
}

/** Hides the contact at once; core deletes it with its tickets (admins: contacts-page:deleteContact). */
export async function queueDeleteContact(db: ChatflowDb, contact: ContactDTO): Promise<void> {
  await changeLocally(db, contact, {}, { deleting: true }, { name: "deleteContact", args: { contactId: contact.id } });
}

/** Replaces the contact's tags (POST /tags/sync as a push mutation); tags are not replicated. */
export async function queueSyncContactTags(db: ChatflowDb, contactId: number, tagIds: number[]): Promise<void> {
  await db.outbox.add({
    name: "syncContactTags",
    args: { contactId, tags: tagIds.map((id) => ({ id })) },
    queuedAt: now(),
  });
}
