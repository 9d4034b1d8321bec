// Projects a quick-messages document into the quick_messages table, the plain
// rows that the API and the automation runtime read. Each document owns the rows
// marked with its id (`document`): the general list's rows are `geral`, a
// personal list's rows are not and belong to the list's owner. Each row added,
// changed or removed is an audit entry (decision 0108 addendum), in the store's
// transaction, named after the last editor before the store.

import { recordAudit } from "@chatflow/core/audit/record-audit.ts";
import type { DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import { listQuickMessages, quickMessagesListOf } from "@chatflow/core/contract/documents/quick-messages.ts";
import type pg from "pg";
import type * as Y from "yjs";
import type { Projection } from "./projection-type.ts";

export const projectQuickMessages: Projection = (doc: Y.Doc, name: DocumentName) => {
  const list = quickMessagesListOf(name.id);
  // Only names that passed the policy are stored; anything else is a bug worth failing loudly.
  if (!list) throw new Error(`not a quick-messages list: ${name.id}`);
  const items = listQuickMessages(doc);
  // The owner of a personal list is the list's, never what a client wrote into an item:
  // the list route shows a personal row to its user_id only.
  const userIdOf = (itemUserId: number | undefined) => (list.general ? (itemUserId ?? null) : list.userId);
  return async (client: pg.ClientBase, actor) => {
    const ids = items.map((i) => i.id);
    // The document is the whole list: rows whose item left it are gone. Other
    // documents' rows are untouched, even when a client reuses one of their item ids.
    const removed = await client.query<Written>(
      `DELETE FROM quick_messages WHERE company_id = $1 AND document = $2 AND item_id <> ALL($3::text[])
       RETURNING id, shortcode, false AS created`,
      [name.companyId, name.id, ids],
    );
    const audit = async (kind: "create" | "update" | "delete", rows: Written[]) => {
      for (const r of rows) {
        await recordAudit(client, actor, {
          kind: `quickMessage.${kind}`,
          companyId: name.companyId,
          subjectId: r.id,
          subject: r.shortcode,
          detail: { general: list.general },
        });
      }
    };
    await audit("delete", removed.rows);
    if (items.length === 0) return;
    const written = await client.query<Written>(
      `INSERT INTO quick_messages (company_id, document, geral, item_id, shortcode, message, media_path, user_id,
         media_name, visao)
       SELECT $1, $2, $3, * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::integer[], $9::text[],
         $10::boolean[])
       ON CONFLICT (company_id, document, item_id) DO UPDATE SET
         shortcode = EXCLUDED.shortcode, message = EXCLUDED.message, media_path = EXCLUDED.media_path,
         user_id = EXCLUDED.user_id, media_name = EXCLUDED.media_name, visao = EXCLUDED.visao, updated_at = now()
       -- Unchanged rows keep their updated_at, so readers can tell what an edit touched.
       WHERE (quick_messages.shortcode, quick_messages.message, quick_messages.media_path, quick_messages.user_id,
           quick_messages.media_name, quick_messages.visao)
         IS DISTINCT FROM (EXCLUDED.shortcode, EXCLUDED.message, EXCLUDED.media_path, EXCLUDED.user_id,
           EXCLUDED.media_name, EXCLUDED.visao)
       -- xmax is 0 on a row this statement inserted, the transaction's id on one it updated.
       RETURNING id, shortcode, (xmax = 0) AS created`,
      [
        name.companyId,
        name.id,
        list.general,
        ids,
        items.map((i) => i.shortcode),
        items.map((i) => i.message),
        items.map((i) => i.mediaPath ?? null),
        items.map((i) => userIdOf(i.userId)),
        items.map((i) => i.mediaName ?? null),
        // General items are seen by everyone; a personal one only when its owner shows it (spec 2 "visao").
        items.map((i) => list.general || i.visao === true),
      ],
    );
    await audit(
      "create",
      written.rows.filter((r) => r.created),
    );
    await audit(
      "update",
      written.rows.filter((r) => !r.created),
    );
  };
};

/** A row the projection wrote or removed, for its audit entry. */
type Written = { id: number; shortcode: string; created: boolean };
