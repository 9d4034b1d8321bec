// Pairing a WhatsApp (QR code) connection on Baileys' stand-in socket, as the adapter and the e2e tests need it
// before anything is sent or received: the worker's socket opens as the phone and core's row reads CONNECTED.
import type pg from "pg";
import type { StandInSocket, standInSockets } from "./baileys-stand-in.ts";
import { waitFor } from "./outbound-fixtures.ts";

/**
 * Waits for the worker to make the connection's socket, opens the newest one as `user` (a phone jid) and waits
 * until the connection's row reads CONNECTED. Answers the open socket.
 */
export async function openStandInConnection(
  pool: pg.Pool,
  sockets: ReturnType<typeof standInSockets>,
  connection: { companyId: number; whatsappId: number },
  o: { user?: string; timeoutMs?: number } = {},
): Promise<StandInSocket> {
  // A set-up step, not a figure: generous for a saturated CI machine. (The 8 s time-outs CI once showed here were a
  // start request lost while the worker was taking the connection, fixed in worker.ts, not slowness.)
  const timeoutMs = o.timeoutMs ?? 30_000;
  await waitFor(() => sockets.sockets.length > 0, "the worker to open a socket", timeoutMs);
  const socket = sockets.last();
  socket.open(o.user);
  await waitFor(
    async () => {
      const { rows } = await pool.query<{ status: string }>(
        "SELECT status FROM whatsapps WHERE id = $1 AND company_id = $2",
        [connection.whatsappId, connection.companyId],
      );
      return rows[0]?.status === "CONNECTED";
    },
    "the connection to be CONNECTED",
    timeoutMs,
  );
  return socket;
}
