// What the connections table offers per connection (spec 2 §4 Connection status): the session
// buttons each status allows, the close-imported-tickets button or its 'preparing' state, and the
// import progress card's reading. Pure, so the rules are tested apart from the screen.
import { type ConnectionProblem, NEEDS_NEW_TOKEN } from "@chatflow/core/contract/connection-state.ts";
import type { Channel } from "@chatflow/core/contract/entities.ts";
import {
  IMPORT_CLOSE_READY,
  IMPORT_PREPARING_MS,
  type ImportProgress,
  type WhatsappAnswer,
} from "@chatflow/core/contract/whatsapps.ts";

export type SessionButton =
  /** qrcode: open the QR dialog. */
  | "qrcode"
  /** DISCONNECTED: POST /whatsappsession/{id}. */
  | "retry"
  /** DISCONNECTED: PUT /whatsappsession/{id}. */
  | "newQr"
  /** CONNECTED, PAIRING, TIMEOUT: DELETE /whatsappsession/{id}. */
  | "disconnect"
  /** With disconnect, once the import is done: POST /closedimported/{id}. */
  | "closeImported"
  /** With disconnect, for 35 s after the import started: disabled. */
  | "preparing"
  /** OPENING: disabled. */
  | "connecting"
  /** Facebook, Instagram down for their token: the social login again (POST /facebook; decision 0093). */
  | "reconnect";

type SessionFields = Pick<WhatsappAnswer, "status" | "statusImportMessages" | "importOldMessages"> & {
  channel: Channel;
  statusReason?: ConnectionProblem | null;
};

/**
 * A Cloud API, Facebook or Instagram connection (no session): when down, 'try again' re-checks its token, and a
 * Facebook or Instagram one whose token died is reconnected by the social login (decision 0093).
 */
function graphButtons(c: SessionFields): SessionButton[] {
  if (c.status === "CONNECTED") return [];
  const social = c.channel === "facebook" || c.channel === "instagram";
  const deadToken = c.statusReason ? NEEDS_NEW_TOKEN.has(c.statusReason.reason) : false;
  return social && deadToken ? ["reconnect", "retry"] : ["retry"];
}

/** Only WhatsApp-by-QR connections have a session; the Cloud API, Facebook and Instagram have none. */
export const hasSession = (channel: Channel) => channel === "whatsapp";

/** The import button beside 'disconnect': ready to close the imported tickets, preparing, or none. */
export function importButton(c: SessionFields, now: number): SessionButton | null {
  if (c.statusImportMessages === IMPORT_CLOSE_READY) return "closeImported";
  if (!c.importOldMessages || !c.statusImportMessages) return null;
  const started = Number(c.statusImportMessages);
  if (!Number.isFinite(started)) return null;
  return now - started < IMPORT_PREPARING_MS ? "preparing" : null;
}

export function sessionButtons(c: SessionFields, now = Date.now()): SessionButton[] {
  if (!hasSession(c.channel)) return graphButtons(c);
  switch (c.status) {
    case "qrcode":
      return ["qrcode"];
    case "DISCONNECTED":
      return ["retry", "newQr"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT": {
      const extra = importButton(c, now);
      return extra ? ["disconnect", extra] : ["disconnect"];
    }
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}

/** When the 'preparing' state ends (so the screen re-renders then), or null when none is shown. */
export function preparingEndsAt(c: SessionFields, now = Date.now()): number | null {
  return importButton(c, now) === "preparing" ? Number(c.statusImportMessages) + IMPORT_PREPARING_MS : null;
}

/** The progress card: preparing (-1), or processed of all; null when nothing is being imported. */
export function importReading(
  p: ImportProgress | null,
): { preparing: true } | { processed: number; total: number } | null {
  if (!p) return null;
  if (p.this === -1) return { preparing: true };
  return { processed: Math.max(0, p.this), total: Math.max(0, p.all) };
}

/** The QR dialog closes itself once the QR code it showed is gone (paired, or the session ended). */
export function qrDialogShouldClose(previous: string | null | undefined, current: string | null | undefined): boolean {
  return Boolean(previous) && !current;
}
