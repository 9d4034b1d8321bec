// GET /quick-messages/list (spec 1 §7): the quick messages the caller may use, as
// the message input's picker reads them over REST: the company's general ones and
// the caller's own personal ones (spec 2 §6). The lists are Yjs documents co-edited
// through the sync server; this reads their projection (quick_messages), which the
// sync server keeps equal to the documents (sync-server/src/documents/).
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { parse } from "../http/errors.ts";

const ZListQuickMessagesQuerySchema = z.object({
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
  /** Ignored: the personal quick messages listed are always the caller's, never another user's. */
  userId: z.unknown().optional(),
});

/** A quick message as the picker uses it (spec 1 §3 "Quick message (as used in the input)"). */
export type QuickMessageListItem = {
  id: string;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  userId: number | null;
  /** For everyone of the company (spec 2 "geral"); false for the caller's personal ones. */
  geral: boolean;
};

export function quickMessageRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/quick-messages/list", async (req, res) => {
    const actor = actorOf(res);
    parse(ZListQuickMessagesQuerySchema, req.query);
    const { rows } = await pool.query<QuickMessageListItem>(
      `SELECT item_id AS id, shortcode, message, media_path AS "mediaPath", user_id AS "userId", geral
       FROM quick_messages WHERE company_id = $1 AND (geral OR user_id = $2)
       ORDER BY lower(shortcode), geral DESC, item_id`,
      [actor.companyId, actor.id],
    );
    res.json(rows);
  });

  return router;
}
