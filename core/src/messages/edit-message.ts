// Use case: an agent corrects the text of their own message, within 15 minutes
// (spec 1 §4 Messages). A message the worker has not taken yet simply goes out
// with the new text; one already on its way carries the intent {edit: true} in
// data_json for the channel worker to propagate (the worker issue does that).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TEditMessageArgs } from "../contract/messages.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
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
  // The ticket list shows the last message: keep it true when that is the one edited.
  const ticket = await client.query(
    `UPDATE tickets SET last_message = $2 WHERE id = $1 AND company_id = $4
       AND (SELECT id FROM messages WHERE ticket_id = $1 AND company_id = $4 ORDER BY created_at DESC, id DESC LIMIT 1) = $3
     RETURNING id`,
    [m.ticketId, args.body, m.id, actor.companyId],
  );
  if (ticket.rowCount) changes.push({ companyId: actor.companyId, entity: "tickets", id: m.ticketId });
  await recordChanges(client, changes);
}
