// The connections item's badge (spec 1 §2): any connection waiting for a QR code, pairing,
// disconnected, timed out or opening, or whose queue the channel holds (decision 0053). Shown only after the state has lasted 2 seconds, so a
// connection that blinks through OPENING on its way to CONNECTED does not flash the badge.
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";

export const ALERT_STATES: ReadonlySet<string> = new Set(["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);
export const ALERT_DELAY_MS = 2_000;

export function connectionsNeedAttention(
  connections: readonly (Pick<WhatsappDTO, "status"> & Partial<Pick<WhatsappDTO, "sendHold">>)[],
): boolean {
  return connections.some((c) => ALERT_STATES.has(c.status) || Boolean(c.sendHold));
}

/** `value`, but true only once it has stayed true for `delayMs`; false at once. */
export function useDelayedTrue(value: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value && shown;
}

/** Whether the side menu's connections badge shows, from the replica's whatsapps table. */
export function useConnectionsAlert(): boolean {
  const attention = useLiveQuery(async () => connectionsNeedAttention(await db.whatsapps.toArray()), [], false);
  return useDelayedTrue(attention, ALERT_DELAY_MS);
}
