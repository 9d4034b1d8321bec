// GET /quick-messages/list (spec 1 §7): the company's quick messages as the message
// input's picker reads them over REST. The list itself is a Yjs document co-edited
// through the sync server; this reads its projection (quick_messages), which the
// sync server keeps equal to the document (sync-server/src/documents/).
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { parse } from "../http/errors.ts";

const ZListQuickMessagesQuerySchema = z.object({
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
  /** Accepted for compatibility: personal and general messages come with the quick-messages issue, so all are listed. */
  userId: z.unknown().optional(),
});

/** A quick message as the picker uses it (spec 1 §3 "Quick message (as used in the input)"). */
export type QuickMessageListItem = {
  id: string;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  userId: number | null;
};

export function quickMessageRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/quick-messages/list", async (req, res) => {
    const actor = actorOf(res);
    parse(ZListQuickMessagesQuerySchema, req.query);
    const { rows } = await pool.query<QuickMessageListItem>(
      `SELECT item_id AS id, shortcode, message, media_path AS "mediaPath", user_id AS "userId"
       FROM quick_messages WHERE company_id = $1 ORDER BY lower(shortcode), item_id`,
      [actor.companyId],
    );
    res.json(rows);
  });

  return router;
}
