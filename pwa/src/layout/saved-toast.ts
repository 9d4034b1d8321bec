// The outbox-backed saves' toast, bound to this device's store (use-modal-save.ts's announceSavedIn says what it does).
import { db } from "../app-db.ts";
import { i18n } from "../i18n/i18n.ts";
import { announceSavedIn } from "./use-modal-save.ts";

/** Shows `saved` once the server has the change just queued; meanwhile 'Salvo neste dispositivo, enviando…'. */
export function announceSaved(saved: string): Promise<void> {
  return announceSavedIn(db, saved, i18n.t("savedToast.pending"));
}
