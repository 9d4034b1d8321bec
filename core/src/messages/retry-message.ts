// Use case: the author of a message whose send failed (ack -1, 'failed' in the outbound queue)
// puts it back in the queue once; the channel worker takes it like any new reply. A message
// that is not failed (sent meanwhile, or already re-queued by an earlier retry) is left as it is,
// so a retry pushed twice queues it once. A scheduled send's schedule leaves ERRO with it. The platform's reason for
// the last failure (dataJson.deliveryFailure) goes with it: the next try's outcome tells its own.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TRetryMessageArgs } from "../contract/messages.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { confirmScheduledSends } from "../schedules/scheduled-send-outcome.ts";
import { assertCustomerWindow } from "../tickets/customer-window.ts";
import { findVisibleMessage } from "./find-message.ts";
import { canRetryMessage } from "./message-policy.ts";

export async function retryMessage(client: pg.ClientBase, actor: Actor, args: TRetryMessageArgs): Promise<void> {
  const m = await findVisibleMessage(client, actor, args.id, { lock: true });
  if (!canRetryMessage(actor, m)) throw noPermission("Only your own failed messages may be sent again");
  if (m.sendState !== "failed") return;
  // A retry is a send: past the 24-hour window of Meta's channels it is refused like a new reply (decision 0053).
  await assertCustomerWindow(client, actor.companyId, m.ticket, m.mediaType);
  await client.query(
    `UPDATE messages SET send_state = 'queued', ack = 0, error_code = NULL, claimed_by = NULL, claimed_at = NULL,
       updated_at = now(),
       data_json = CASE WHEN jsonb_typeof(data_json) = 'object' THEN data_json - 'deliveryFailure' ELSE data_json END
     WHERE id = $1 AND company_id = $2`,
    [m.id, actor.companyId],
  );
  await recordChanges(client, [{ companyId: actor.companyId, entity: "messages", id: m.id }]);
  // A scheduled send that failed: its schedule leaves ERRO for where the send had left it, as a confirmed send
  // would; a new refusal marks it ERRO again (scheduled-send-outcome.ts).
  await confirmScheduledSends(client, [{ id: m.id, company_id: actor.companyId }]);
  if (m.ticket.whatsappId !== null) {
    await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(m.ticket.whatsappId)]);
  }
}
