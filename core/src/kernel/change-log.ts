// Appends rows to the per-company change log inside the caller's transaction,
// and tells every core instance (NOTIFY) which companies changed.
import type pg from "pg";
import type { EntityName, ListName } from "../contract/sync.ts";
import { CHANGES_CHANNEL } from "../contract/topics.ts";

/** A replicated row changed; or, with entity "lists", an admin list read over REST (its name as the id). */
export type Change =
  | { companyId: number; entity: EntityName; id: string | number }
  | { companyId: number; entity: "lists"; id: ListName | `${ListName}:${number}` };

/** The change that tells the screens showing `list` to ask again (decision 0063). */
export const listChanged = (companyId: number, list: ListName): Change => ({ companyId, entity: "lists", id: list });

/** The change that tells only these users' screens showing `list` to ask again (their own chats, decision 0073). */
export const listChangedFor = (companyId: number, list: ListName, userIds: Iterable<number>): Change[] =>
  [...new Set(userIds)].map((userId) => ({ companyId, entity: "lists", id: `${list}:${userId}` }));

/** Must run inside a transaction on `client`; the seq row lock is held to commit. */
export async function recordChanges(client: pg.ClientBase, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const byCompany = new Map<number, Change[]>();
  for (const c of changes) {
    const list = byCompany.get(c.companyId) ?? [];
    list.push(c);
    byCompany.set(c.companyId, list);
  }
  // Lock company rows in id order so two writers never deadlock. One statement per company (the counter, the log
  // rows numbered from it, the NOTIFY): every write path ends here, so its round trips count (decision 0057).
  for (const companyId of [...byCompany.keys()].sort((a, b) => a - b)) {
    const list = byCompany.get(companyId)!;
    await client.query({
      name: "record-changes",
      text: `WITH s AS (
         INSERT INTO company_sync (company_id, last_seq) VALUES ($1, $2)
         ON CONFLICT (company_id) DO UPDATE SET last_seq = company_sync.last_seq + $2
         RETURNING last_seq),
       l AS (
         INSERT INTO change_log (company_id, seq, entity, entity_id)
         SELECT $1, s.last_seq - $2 + ord, e, i FROM s, unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(e, i, ord))
       SELECT pg_notify($5, $1::text) FROM s`,
      values: [companyId, list.length, list.map((c) => c.entity), list.map((c) => String(c.id)), CHANGES_CHANNEL],
    });
  }
}
