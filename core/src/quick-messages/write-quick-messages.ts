// Use cases of the REST writes to quick messages (spec 2 §7): create, edit, delete, and the media. Each checks
// the rules of spec 2 §4/§6 on the projected row, then sends the change to the item's Yjs document through
// the sync server (sync-writes.ts), which checks the caller's rights on that document again, and answers the
// row as projected after the write.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import {
  GENERAL_QUICK_MESSAGES,
  type QuickMessage,
  quickMessagesDocumentId,
} from "../contract/documents/quick-messages.ts";
import { fileDisplayName } from "../contract/files.ts";
import {
  mayEditQuickMessage,
  type QuickMessageDTO,
  type TCreateQuickMessageRequest,
  type TUpdateQuickMessageRequest,
} from "../contract/quick-messages.ts";
import { noPermission, quickMessageNotFound } from "../kernel/errors.ts";
import { loadQuickMessageItem, loadQuickMessageRow, type QuickMessageRow, viewerOf } from "./quick-message-queries.ts";
import type { SyncWriter } from "./sync-writes.ts";

export type QuickMessageWriteDeps = { pool: pg.Pool; write: SyncWriter; token: string };

/** The document id of the list a quick message belongs in: the general one, or its owner's (spec 2 "geral"). */
const listFor = (geral: boolean, ownerId: number) =>
  quickMessagesDocumentId(geral ? GENERAL_QUICK_MESSAGES : { general: false, userId: ownerId });

function assertMayCreate(actor: Actor, geral: boolean): void {
  // The general list is the admins' (decision 0020); anyone keeps personal ones.
  if (geral && !viewerOf(actor).admin) throw noPermission("Only admins add quick messages for everyone");
}

export async function createQuickMessage(
  deps: QuickMessageWriteDeps,
  actor: Actor,
  input: TCreateQuickMessageRequest,
): Promise<QuickMessageDTO> {
  assertMayCreate(actor, input.geral);
  const list = listFor(input.geral, actor.id);
  const item: QuickMessage = {
    id: uuidv7(),
    shortcode: input.shortcode,
    message: input.message,
    // The geral selector shows only when visao is on (spec 2 §4): a general one is visible.
    visao: input.geral || input.visao,
    userId: actor.id,
  };
  await deps.write(deps.token, list, [{ op: "add", item }]);
  return loadQuickMessageItem(deps.pool, actor, list, item.id);
}

/** The row the caller may change, or ERR_NOT_FOUND (unseen) / ERR_NO_PERMISSION (seen, another's: spec 2 §6). */
async function editableRow(deps: QuickMessageWriteDeps, actor: Actor, id: number): Promise<QuickMessageRow> {
  const row = await loadQuickMessageRow(deps.pool, actor, id);
  if (!mayEditQuickMessage(viewerOf(actor), row)) throw noPermission("Only its owner changes a personal quick message");
  return row;
}

export async function updateQuickMessage(
  deps: QuickMessageWriteDeps,
  actor: Actor,
  id: number,
  input: TUpdateQuickMessageRequest,
): Promise<QuickMessageDTO> {
  const row = await editableRow(deps, actor, id);
  const geral = input.geral ?? row.geral;
  const visao = geral || (input.visao ?? row.visao);
  if (geral === row.geral) {
    const patch = { shortcode: input.shortcode, message: input.message, visao };
    const [found] = await deps.write(deps.token, row.document, [{ op: "update", id: row.itemId, patch }]);
    if (!found) throw quickMessageNotFound();
    return loadQuickMessageItem(deps.pool, actor, row.document, row.itemId);
  }
  // geral changed: the item moves between the general list and its owner's personal one. Both are the
  // admin's to write only when the personal list is theirs, so moving needs an admin and the owner.
  assertMayCreate(actor, true);
  const ownerId = row.userId ?? actor.id;
  if (ownerId !== actor.id) throw noPermission("Only its owner changes a personal quick message");
  const target = listFor(geral, ownerId);
  const item: QuickMessage = {
    id: row.itemId,
    shortcode: input.shortcode ?? row.shortcode,
    message: input.message ?? row.message,
    visao,
    userId: ownerId,
    ...(row.mediaPath ? { mediaPath: row.mediaPath } : {}),
    ...(row.mediaName ? { mediaName: row.mediaName } : {}),
  };
  // Added first: a failure between the two leaves it in both lists, never in none.
  await deps.write(deps.token, target, [{ op: "add", item }]);
  await deps.write(deps.token, row.document, [{ op: "remove", id: row.itemId }]);
  return loadQuickMessageItem(deps.pool, actor, target, row.itemId);
}

/** Answers the media file the quick message had, for the route to remove after. */
export async function deleteQuickMessage(
  deps: QuickMessageWriteDeps,
  actor: Actor,
  id: number,
): Promise<string | null> {
  const row = await editableRow(deps, actor, id);
  const [found] = await deps.write(deps.token, row.document, [{ op: "remove", id: row.itemId }]);
  if (!found) throw quickMessageNotFound();
  return row.mediaPath;
}

/** Sets (or, with null, clears) the media; answers the quick message and the file it replaced. */
export async function setQuickMessageMedia(
  deps: QuickMessageWriteDeps,
  actor: Actor,
  id: number,
  media: { path: string; name: string } | null,
): Promise<{ quickMessage: QuickMessageDTO; replaced: string | null }> {
  const row = await editableRow(deps, actor, id);
  const patch = { mediaPath: media?.path ?? null, mediaName: media ? fileDisplayName(media.name) : null };
  const [found] = await deps.write(deps.token, row.document, [{ op: "update", id: row.itemId, patch }]);
  if (!found) throw quickMessageNotFound();
  const replaced = row.mediaPath && row.mediaPath !== media?.path ? row.mediaPath : null;
  return { quickMessage: await loadQuickMessageItem(deps.pool, actor, row.document, row.itemId), replaced };
}
