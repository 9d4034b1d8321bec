// What the message menu does (spec 1 §2 "Message options menu", §4 Messages), local-first:
// each action is a sync push mutation queued in the outbox with its effect applied to the
// replica at once (sync/optimistic.ts), so it works offline and is undone if core refuses
// (core checks the author, the 15-minute window and the ticket's visibility again).
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { queueMutation } from "../../sync/optimistic.ts";
import { uuidv7 } from "../../util/uuidv7.ts";

/** spec 1 §4, §9: a message may be edited for 15 minutes (900000 ms). */
export const EDIT_WINDOW_MS = 900_000;
/** How many contacts one forward may reach (the dialog's limit; each is one copy to send). */
export const FORWARD_MAX_CONTACTS = 10;

const isOwn = (m: MessageDTO, userId: number | null) => m.fromMe && userId !== null && m.userId === userId;

/** Own text messages, not deleted, within 15 minutes of being written. */
export function canEditMessage(m: MessageDTO, userId: number | null, now: Date = new Date()): boolean {
  return (
    isOwn(m, userId) &&
    !m.isDeleted &&
    m.mediaType === "chat" &&
    m.ack !== -1 &&
    now.getTime() - Date.parse(m.createdAt) <= EDIT_WINDOW_MS
  );
}

/** Only own messages may be deleted (spec 1 §4); a send the server refused was never stored. */
export function canDeleteMessage(m: MessageDTO, userId: number | null): boolean {
  return isOwn(m, userId) && !m.isDeleted && !refusedSendOf(m);
}

/** Private notes stay in the inbox and a deleted message is gone: neither is forwarded (as core rules). */
export function canForwardMessage(m: MessageDTO): boolean {
  return !m.isPrivate && !m.isDeleted && m.ack !== -1 && m.mediaType !== "reactionMessage";
}

export function canRetryMessage(m: MessageDTO, userId: number | null): boolean {
  return isOwn(m, userId) && m.ack === -1 && !m.isDeleted;
}

/** The text 'Copiar texto' copies: the body of a text, or a media's caption. */
export function copyableText(m: MessageDTO): string {
  return m.isDeleted ? "" : m.body.trim();
}

/** A send core refused (sync/rollbacks.ts keeps it on the row): core has no such message. */
export function refusedSendOf(m: MessageDTO): TSendMessageArgs | null {
  const data = m.dataJson as { refusedSend?: TSendMessageArgs } | null;
  return data && typeof data === "object" && data.refusedSend?.id === m.id ? data.refusedSend : null;
}

export function queueEditMessage(db: ChatflowDb, m: MessageDTO, body: string, now: Date = new Date()) {
  const text = body.trim();
  return queueMutation(
    db,
    "editMessage",
    { id: m.id, body: text },
    { table: "messages", id: m.id, patch: { body: text, isEdited: true, updatedAt: now.toISOString() } },
    now,
  );
}

export function queueDeleteMessage(db: ChatflowDb, m: MessageDTO, now: Date = new Date()) {
  return queueMutation(
    db,
    "deleteMessage",
    { id: m.id },
    { table: "messages", id: m.id, patch: { isDeleted: true, updatedAt: now.toISOString() } },
    now,
  );
}

/**
 * One forwardMessage per contact, in the order chosen; each copy gets its id here (the server's
 * idempotency key). The copies arrive with the pull: they may open a ticket this replica lacks.
 */
export async function queueForwardMessage(
  db: ChatflowDb,
  m: MessageDTO,
  contactIds: number[],
  now: Date = new Date(),
): Promise<string[]> {
  if (contactIds.length === 0 || contactIds.length > FORWARD_MAX_CONTACTS) throw new RangeError("contacts");
  const ids: string[] = [];
  for (const contactId of contactIds) {
    const id = uuidv7(now.getTime());
    await queueMutation(db, "forwardMessage", { id, messageId: m.id, contactId, signMessage: false }, undefined, now);
    ids.push(id);
  }
  return ids;
}

/**
 * 'Tentar novamente' on a failed message, once: a send core refused is queued again as it was
 * (same id); a message core stored whose channel send failed goes back to core's outbound queue
 * (retryMessage). Either way the row shows the clock at once, and the failure again if refused.
 */
export async function retryFailedMessage(db: ChatflowDb, m: MessageDTO, now: Date = new Date()): Promise<void> {
  const refused = refusedSendOf(m);
  if (refused) {
    await db.transaction("rw", [db.messages, db.outbox], async () => {
      await db.messages.update(m.id, { ack: 0, errorCode: null, dataJson: null });
      await db.outbox.add({ name: "sendMessage", args: refused, queuedAt: now.toISOString() });
    });
    return;
  }
  await queueMutation(
    db,
    "retryMessage",
    { id: m.id },
    { table: "messages", id: m.id, patch: { ack: 0, errorCode: null } },
    now,
  );
}
