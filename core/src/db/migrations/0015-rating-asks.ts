// How many times a ticket waiting for its rating has been asked (spec 2 §3 Connection maxUseBotQueuesNPS,
// "max NPS sends"): the question is asked again after a number outside the scale, up to the connection's limit.
import { Migration } from "@mikro-orm/migrations";

export class Migration0015RatingAsks extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE tickets ADD COLUMN amount_used_bot_queues_nps integer NOT NULL DEFAULT 0");
    this.addSql("UPDATE tickets SET amount_used_bot_queues_nps = 1 WHERE status = 'nps'");
  }
}
