// What happens to a schedule after its send was queued (decision 0037, "Later"): the channel worker decides the
// send's fate. A send refused by the channel, or left in doubt after a crash, shows on its schedule as ERRO with
// the reason; a send judged in doubt that turns out to have gone out puts the schedule back where the send left it
// (PENDENTE when a repeat is due later, else ENVIADA). Only the schedule whose latest send is that message moves.
import type pg from "pg";
import { type Change, recordChanges } from "../kernel/change-log.ts";

export type SentMessageRef = { id: string; company_id: number };

async function settle(client: pg.ClientBase, sql: string, messages: SentMessageRef[], extra: unknown[] = []) {
  if (messages.length === 0) return;
  const { rows } = await client.query<{ id: number; company_id: number }>(sql, [
    messages.map((m) => m.company_id),
    messages.map((m) => m.id),
    ...extra,
  ]);
  const changes: Change[] = rows.map((r) => ({ companyId: r.company_id, entity: "schedules", id: r.id }));
  await recordChanges(client, changes);
}

/** The channel refused these sends (or they were left in doubt): their schedules show ERRO with `code`. */
export async function failScheduledSends(client: pg.ClientBase, messages: SentMessageRef[], code: string) {
  await settle(
    client,
    `UPDATE schedules s SET status = 'ERRO', last_error = $3, updated_at = now()
     FROM unnest($1::int[], $2::uuid[]) AS m(c, id)
     WHERE s.company_id = m.c AND s.last_message_id = m.id AND s.status <> 'ERRO'
     RETURNING s.id, s.company_id`,
    messages,
    [code],
  );
}

/** These sends went out after all (an in-doubt send confirmed): their schedules leave ERRO. */
export async function confirmScheduledSends(client: pg.ClientBase, messages: SentMessageRef[]) {
  await settle(
    client,
    `UPDATE schedules s SET status = CASE WHEN s.send_at > s.sent_at THEN 'PENDENTE' ELSE 'ENVIADA' END,
       last_error = NULL, updated_at = now()
     FROM unnest($1::int[], $2::uuid[]) AS m(c, id)
     WHERE s.company_id = m.c AND s.last_message_id = m.id AND s.status = 'ERRO'
     RETURNING s.id, s.company_id`,
    messages,
  );
}
