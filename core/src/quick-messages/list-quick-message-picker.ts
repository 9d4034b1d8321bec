// GET /quick-messages/list (spec 1 §7): what the composer's picker offers, the company's general quick messages
// and the caller's own (others' shown ones are for reading on the quick messages page, not for the picker).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";

/** A quick message as the picker uses it (spec 1 §3 "Quick message (as used in the input)"). */
export type QuickMessageListItem = {
  id: string;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  userId: number | null;
  /** For everyone of the company (spec 2 "geral"); false for the caller's personal ones. */
  geral: boolean;
};

export async function listQuickMessagePicker(pool: pg.Pool, actor: Actor): Promise<QuickMessageListItem[]> {
  const { rows } = await pool.query<QuickMessageListItem>(
    `SELECT item_id AS id, shortcode, message, media_path AS "mediaPath", media_name AS "mediaName",
       user_id AS "userId", geral
     FROM quick_messages WHERE company_id = $1 AND (geral OR user_id = $2)
     ORDER BY lower(shortcode), geral DESC, item_id`,
    [actor.companyId, actor.id],
  );
  return rows;
}
