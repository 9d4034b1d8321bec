// Use case: an agent corrects the text of their own message, within 15 minutes
// (spec 1 §4 Messages). A message the worker has not taken yet simply goes out
// with the new text; one already on its way carries the intent {edit: true} in
// data_json for the channel worker to propagate (the worker issue does that).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TEditMessageArgs } from "../contract/messages.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { refreshTicketPreviews } from "../tickets/ticket-preview.ts";
import { findVisibleMessage, hasLeft, markIntentSql } from "./find-message.ts";
import { canEditMessage } from "./message-policy.ts";

export async function editMessage(client: pg.ClientBase, actor: Actor, args: TEditMessageArgs): Promise<void> {
  const m = await findVisibleMessage(client, actor, args.id, { lock: true });
  if (!canEditMessage(actor, m)) {
    throw noPermission("Only your own messages, within 15 minutes of sending, may be edited");
  }
  const propagate = !m.isPrivate && hasLeft(m);
  await client.query(
    `UPDATE messages SET body = $2, is_edited = true, updated_at = now(),
       data_json = CASE WHEN $3::boolean THEN ${markIntentSql("edit")} ELSE data_json END
     WHERE id = $1 AND company_id = $4`,
    [m.id, args.body, propagate, actor.companyId],
  );
  const changes: Change[] = [{ companyId: actor.companyId, entity: "messages", id: m.id }];
  // The preview is the customer's last message (decision 0089); one written before that rule may still hold this
  // reply's old text: put it back in step.
  await refreshTicketPreviews(client, [{ companyId: actor.companyId, ticketId: m.ticketId }], changes);
  await recordChanges(client, changes);
}
