// What the person is told when the server refuses a queued change. Most refusals are a toast
// with the code's text; the spec's own sentences carried by a validation refusal ('Selecione uma
// fila', the required tag) are shown as written; an open-ticket conflict names its holder in a
// dialog (spec 1 §4: "a notice names that user and queue"), which the app shows wherever the person is.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName } from "@chatflow/core/contract/sync.ts";
import {
  type OpenTicketHolder,
  QUEUE_REQUIRED_MESSAGE,
  TAG_REQUIRED_MESSAGE,
} from "@chatflow/core/contract/tickets.ts";
import { atom, getDefaultStore } from "jotai";
import { errorText } from "../i18n/translate-error.ts";
import { type OutboxEntry, UPLOAD_ENTRY } from "../store/db.ts";
import { showToast } from "../ui/toasts.ts";

export type HolderNotice = { holder: OpenTicketHolder; mutation: MutationName };

/** The open-ticket notice waiting to be read (null: none). */
export const holderNoticeAtom = atom<HolderNotice | null>(null);

/** Sentences of the spec that arrive as a validation refusal's message and are shown as they are. */
const SPEC_SENTENCES = new Set([QUEUE_REQUIRED_MESSAGE, TAG_REQUIRED_MESSAGE]);

export function refusalText(error: ErrorBody): string {
  if (error.error === "ERR_VALIDATION" && SPEC_SENTENCES.has(error.message)) return error.message;
  return errorText(error);
}

/** The holder an ERR_OTHER_OPEN_TICKET refusal names, when it carries one. */
export function holderOf(error: ErrorBody): OpenTicketHolder | null {
  if (error.error !== "ERR_OTHER_OPEN_TICKET" || !error.data) return null;
  const d = error.data;
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return {
    userId: typeof d.userId === "number" ? d.userId : null,
    userName: text(d.userName),
    queueName: text(d.queueName),
    status: (text(d.status) ?? "open") as OpenTicketHolder["status"],
    uuid: text(d.uuid) ?? "",
  };
}

/** The sync engine's onRejected in the app. */
export function reportRefusal(entry: OutboxEntry, error: ErrorBody, store = getDefaultStore()): void {
  const holder = holderOf(error);
  // Only push mutations meet the open-ticket conflict; an upload's refusal is shown as text.
  if (holder && entry.name !== UPLOAD_ENTRY) store.set(holderNoticeAtom, { holder, mutation: entry.name });
  else showToast(refusalText(error));
}
