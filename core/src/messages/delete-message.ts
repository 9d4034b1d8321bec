// Use case: an agent deletes their own message (spec 1 §4 Messages). The row
// stays, marked is_deleted (the inbox shows 'Essa mensagem foi apagada'; the
// text is kept for the record). A message still waiting in the outbound queue
// is taken out of it and never sent; one already taken by the channel worker
// carries {delete: true} in data_json for the worker to revoke on the channel.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TDeleteMessageArgs } from "../contract/messages.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { refreshTicketPreviews } from "../tickets/ticket-preview.ts";
import { findVisibleMessage, hasLeft, markIntentSql } from "./find-message.ts";
import { canDeleteMessage } from "./message-policy.ts";

export async function deleteMessage(client: pg.ClientBase, actor: Actor, args: TDeleteMessageArgs): Promise<void> {
  const m = await findVisibleMessage(client, actor, args.id, { lock: true });
  if (!canDeleteMessage(actor, m)) throw noPermission("Only your own messages may be deleted");
  if (m.isDeleted) return;
  await client.query(
    `UPDATE messages SET is_deleted = true, updated_at = now(),
       send_state = CASE WHEN send_state = 'queued' THEN NULL ELSE send_state END,
       data_json = CASE WHEN $2::boolean THEN ${markIntentSql("delete")} ELSE data_json END
     WHERE id = $1 AND company_id = $3`,
    [m.id, !m.isPrivate && hasLeft(m), actor.companyId],
  );
  const changes: Change[] = [{ companyId: actor.companyId, entity: "messages", id: m.id }];
  // A deleted text never stays in the list's preview or on /moments (one written before decision 0089 may hold it).
  await refreshTicketPreviews(client, [{ companyId: actor.companyId, ticketId: m.ticketId }], changes);
  await recordChanges(client, changes);
}
