// Close all tickets (spec 1 §4 "company-wide: closing all tickets posts a status and selected
// queue ids"; admins only, §6): a sync mutation through the outbox, so it also waits offline.
// Nothing changes on this device until core has closed them: which tickets close is core's
// answer (every ticket of that status, also those this replica does not hold); the pull
// brings them back closed.
import type { TCloseAllTicketsRequest } from "@chatflow/core/contract/tickets.ts";
import type { ChatflowDb } from "../store/db.ts";
import { requestSync } from "../sync/app-sync.ts";
import { queueMutation } from "../sync/optimistic.ts";

export async function closeAllTickets(db: ChatflowDb, args: TCloseAllTicketsRequest, online: boolean): Promise<void> {
  const request: TCloseAllTicketsRequest = { status: args.status };
  if (args.selectedQueueIds && args.selectedQueueIds.length > 0) request.selectedQueueIds = args.selectedQueueIds;
  await queueMutation(db, "closeAllTickets", request);
  if (online) requestSync();
}
