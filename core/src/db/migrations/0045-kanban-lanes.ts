// Kanban lanes (spec 2 §3 Tag, §4 Kanban; decision 0047): a kanban tag's lane settings and its place on the board,
// ticket_tags.created_at is when a ticket entered a lane (the lane timer reads it).
import { Migration } from "@mikro-orm/migrations";

export class Migration0045KanbanLanes extends Migration {
  override up(): void {
    // next/rollback lanes point at tags of the same company (the use cases and the projection check it); deleting
    // a lane leaves the lanes that pointed at it with no next or rollback lane.
    this.addSql(`ALTER TABLE tags
      ADD COLUMN time_lane integer NOT NULL DEFAULT 0,
      ADD COLUMN next_lane_id integer REFERENCES tags(id) ON DELETE SET NULL,
      ADD COLUMN rollback_lane_id integer REFERENCES tags(id) ON DELETE SET NULL,
      ADD COLUMN greeting_message_lane text,
      ADD COLUMN lane_position integer`);
  }
}
