// Projects a company's quick-messages document into the quick_messages table,
// the plain rows that the API and the automation runtime read.
import type pg from "pg";
import type * as Y from "yjs";
import { listQuickMessages } from "../documents/quick-messages.ts";
import type { Projection } from "./projection.ts";

export const projectQuickMessages: Projection = (doc: Y.Doc) => {
  const items = listQuickMessages(doc);
  return async (client: pg.ClientBase, companyId: number) => {
    const ids = items.map((i) => i.id);
    // The document is the whole list: rows whose item left it are gone.
    await client.query("DELETE FROM quick_messages WHERE company_id = $1 AND item_id <> ALL($2::text[])", [
      companyId,
      ids,
    ]);
    if (items.length === 0) return;
    await client.query(
      `INSERT INTO quick_messages (company_id, item_id, shortcode, message, media_path, user_id)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[])
       ON CONFLICT (company_id, item_id) DO UPDATE SET
         shortcode = EXCLUDED.shortcode, message = EXCLUDED.message, media_path = EXCLUDED.media_path,
         user_id = EXCLUDED.user_id, updated_at = now()
       -- Unchanged rows keep their updated_at, so readers can tell what an edit touched.
       WHERE (quick_messages.shortcode, quick_messages.message, quick_messages.media_path, quick_messages.user_id)
         IS DISTINCT FROM (EXCLUDED.shortcode, EXCLUDED.message, EXCLUDED.media_path, EXCLUDED.user_id)`,
      [
        companyId,
        ids,
        items.map((i) => i.shortcode),
        items.map((i) => i.message),
        items.map((i) => i.mediaPath ?? null),
        items.map((i) => i.userId ?? null),
      ],
    );
  };
};
