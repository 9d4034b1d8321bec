// Use case: a note is removed (DELETE /ticket-notes/{id}) by its author or an admin.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { noPermission, noteNotFound } from "../kernel/errors.ts";
import { canDeleteTicketNote } from "./ticket-note-policy.ts";

export async function deleteTicketNote(client: pg.ClientBase, actor: Actor, noteId: number): Promise<void> {
  const { rows } = await client.query<{ userId: number | null }>(
    `SELECT user_id AS "userId" FROM ticket_notes WHERE id = $1 AND company_id = $2 FOR UPDATE`,
    [noteId, actor.companyId],
  );
  const note = rows[0];
  if (!note) throw noteNotFound();
  if (!canDeleteTicketNote(actor, note)) throw noPermission();
  await client.query("DELETE FROM ticket_notes WHERE id = $1 AND company_id = $2", [noteId, actor.companyId]);
}
