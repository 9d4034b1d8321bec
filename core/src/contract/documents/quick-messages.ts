// The layout of the quick-messages documents (spec 2 "Quick messages"), shared by
// the PWA, which edits them, and the sync server, which projects them into the
// quick_messages table. Pure functions over a Y.Doc, importable in a browser.
//
// A company has two kinds of list: the general one, `company/{c}/quick-messages/general`
// (everyone reads it, admins write it), and one personal list per user,
// `company/{c}/quick-messages/user-{userId}`, that only its owner opens (spec 2 §6).
//
// Layout: a root Y.Map "quickMessages" keyed by item id; each item is a nested
// Y.Map of its fields, so two people editing different fields of one quick
// message both keep their change.
import * as Y from "yjs";
import { formatDocumentName } from "./document-name.ts";

/** Which list a quick-messages document holds: the company's general one or a user's personal one. */
export type QuickMessagesList = { general: true } | { general: false; userId: number };

export const GENERAL_QUICK_MESSAGES: QuickMessagesList = { general: true };

const GENERAL_ID = "general";
const PERSONAL_ID = /^user-([1-9][0-9]{0,9})$/;

const ROOT = "quickMessages";

export type QuickMessage = {
  /** Made by the client that adds it (UUIDv7 in the PWA); the row's item_id. */
  id: string;
  /** What the agent types after "/" to pick it. */
  shortcode: string;
  message: string;
  /** A file of the company's media store (/media/{companyId}/{file}) sent with the message as its caption. */
  mediaPath?: string;
  /** The media's name as shown, spaces made underscores (spec 2 §5). */
  mediaName?: string;
  /**
   * Spec 2's "visao", for a personal item: shown read-only to the rest of the company on the quick messages
   * page (decision 0048). Absent is off. General items are everyone's anyway.
   */
  visao?: boolean;
  /** Who wrote it (in a personal list the projection records the list's owner whatever this says). */
  userId?: number;
};

/** Fields to change; null clears an optional field. */
export type QuickMessagePatch = {
  shortcode?: string;
  message?: string;
  mediaPath?: string | null;
  mediaName?: string | null;
  visao?: boolean | null;
  userId?: number | null;
};

/** The document id of a list: `general` or `user-{userId}`. */
export function quickMessagesDocumentId(list: QuickMessagesList): string {
  return list.general ? GENERAL_ID : `user-${list.userId}`;
}

/** The list a document id names, or null for any other id. */
export function quickMessagesListOf(id: string): QuickMessagesList | null {
  if (id === GENERAL_ID) return GENERAL_QUICK_MESSAGES;
  const personal = PERSONAL_ID.exec(id);
  return personal ? { general: false, userId: Number(personal[1]) } : null;
}

export function quickMessagesDocumentName(companyId: number, list: QuickMessagesList = GENERAL_QUICK_MESSAGES): string {
  return formatDocumentName({ companyId, kind: "quick-messages", id: quickMessagesDocumentId(list) });
}

function itemsOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(ROOT);
}

function writeFields(fields: Y.Map<unknown>, patch: QuickMessagePatch): void {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) fields.delete(key);
    else fields.set(key, value);
  }
}

export function addQuickMessage(doc: Y.Doc, item: QuickMessage): void {
  const { id, ...fields } = item;
  doc.transact(() => {
    const map = new Y.Map<unknown>();
    itemsOf(doc).set(id, map);
    writeFields(map, fields);
  });
}

/** Returns false when no quick message has that id. */
export function updateQuickMessage(doc: Y.Doc, id: string, patch: QuickMessagePatch): boolean {
  const fields = itemsOf(doc).get(id);
  if (!(fields instanceof Y.Map)) return false;
  doc.transact(() => writeFields(fields, patch));
  return true;
}

/** Returns false when no quick message has that id. */
export function removeQuickMessage(doc: Y.Doc, id: string): boolean {
  const items = itemsOf(doc);
  if (!items.has(id)) return false;
  items.delete(id);
  return true;
}

// The document is written by clients, so every field is checked on the way out:
// an item without a text shortcode is skipped rather than trusted.
function readItem(id: string, value: unknown): QuickMessage | null {
  if (!(value instanceof Y.Map)) return null;
  const shortcode = value.get("shortcode");
  if (typeof shortcode !== "string" || shortcode.trim() === "") return null;
  const message = value.get("message");
  const item: QuickMessage = { id, shortcode, message: typeof message === "string" ? message : "" };
  const mediaPath = value.get("mediaPath");
  if (typeof mediaPath === "string" && mediaPath !== "") item.mediaPath = mediaPath;
  const mediaName = value.get("mediaName");
  if (item.mediaPath && typeof mediaName === "string" && mediaName !== "") item.mediaName = mediaName;
  if (value.get("visao") === true) item.visao = true;
  const userId = value.get("userId");
  if (typeof userId === "number" && Number.isSafeInteger(userId)) item.userId = userId;
  return item;
}

/** The valid quick messages, ordered by shortcode. */
export function listQuickMessages(doc: Y.Doc): QuickMessage[] {
  const list: QuickMessage[] = [];
  for (const [id, value] of itemsOf(doc).entries()) {
    const item = readItem(id, value);
    if (item) list.push(item);
  }
  return list.sort((a, b) => a.shortcode.localeCompare(b.shortcode) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Calls `onChange` after every change to any quick message; returns the unsubscribe. */
export function observeQuickMessages(doc: Y.Doc, onChange: () => void): () => void {
  const items = itemsOf(doc);
  const handler = () => onChange();
  items.observeDeep(handler);
  return () => items.unobserveDeep(handler);
}
