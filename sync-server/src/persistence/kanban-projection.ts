// Projects the kanban board document into the tags table (decision 0047): the board's lanes are the company's
// kanban tags (kanban 1) at their place (lane_position), with the settings the document holds; a tag the board
// placed before and no longer holds stops being a lane. A tag made a lane through the tag calls and never placed
// on the board (lane_position null) is left alone: the board adopts it when an admin opens /TagsKanban.

import type { DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import { KANBAN_BOARD_ID, listBoardLanes } from "@chatflow/core/contract/documents/kanban-board.ts";
import type pg from "pg";
import type * as Y from "yjs";
import type { Projection } from "./projection-type.ts";

export const projectKanbanBoard: Projection = (doc: Y.Doc, name: DocumentName) => {
  // Only names that passed the policy are stored; anything else is a bug worth failing loudly.
  if (name.id !== KANBAN_BOARD_ID) throw new Error(`not a kanban board: ${name.id}`);
  const lanes = listBoardLanes(doc).map((l, pos) => ({ id: l.tagId, pos, s: l.settings }));
  return async (client: pg.ClientBase) => {
    const ids = lanes.map((l) => l.id);
    await client.query(
      `UPDATE tags SET kanban = 0, lane_position = NULL, updated_at = now()
       WHERE company_id = $1 AND lane_position IS NOT NULL AND id <> ALL($2::int[])`,
      [name.companyId, ids],
    );
    if (lanes.length === 0) return;
    // Ids another company owns match no row here (company_id), and a next or rollback lane that is not one of the
    // company's tags is stored as none: the document is client-written.
    await client.query(
      `WITH l AS (
         SELECT (e->>'id')::int AS id, (e->>'pos')::int AS pos, e->'s' AS s FROM jsonb_array_elements($2::jsonb) e
       )
       UPDATE tags t SET kanban = 1, lane_position = l.pos,
         time_lane = CASE WHEN l.s ? 'timeLane' THEN (l.s->>'timeLane')::int ELSE t.time_lane END,
         next_lane_id = CASE WHEN l.s ? 'nextLaneId' THEN (SELECT x.id FROM tags x
           WHERE x.company_id = $1 AND x.id = (l.s->>'nextLaneId')::int) ELSE t.next_lane_id END,
         rollback_lane_id = CASE WHEN l.s ? 'rollbackLaneId' THEN (SELECT x.id FROM tags x
           WHERE x.company_id = $1 AND x.id = (l.s->>'rollbackLaneId')::int) ELSE t.rollback_lane_id END,
         greeting_message_lane = CASE WHEN l.s ? 'greetingMessageLane' THEN l.s->>'greetingMessageLane'
           ELSE t.greeting_message_lane END,
         updated_at = now()
       FROM l WHERE t.company_id = $1 AND t.id = l.id`,
      [name.companyId, JSON.stringify(lanes)],
    );
  };
};
