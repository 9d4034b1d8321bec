// Connection settings of the queue bot, the redirect and the rating (spec 2 §3
// Connection: maxUseBotQueues, timeUseBotQueues, sendIdQueue, timeSendQueue,
// ratingMessage, expiresTicketNPS, maxUseBotQueuesNPS), and the moments the
// timed jobs measure from: when a ticket's bot started, when its rating was asked.
import { Migration } from "@mikro-orm/migrations";

export class Migration0009BotSettings extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE whatsapps
      ADD COLUMN rating_message text,
      ADD COLUMN max_use_bot_queues integer NOT NULL DEFAULT 3,
      ADD COLUMN time_use_bot_queues integer NOT NULL DEFAULT 0,
      ADD COLUMN send_id_queue integer REFERENCES queues(id) ON DELETE SET NULL,
      ADD COLUMN time_send_queue integer NOT NULL DEFAULT 0,
      ADD COLUMN expires_ticket_nps integer NOT NULL DEFAULT 0,
      ADD COLUMN max_use_bot_queues_nps integer NOT NULL DEFAULT 3`);
    this.addSql(`ALTER TABLE tickets
      ADD COLUMN bot_started_at timestamptz,
      ADD COLUMN rating_asked_at timestamptz`);
    // Tickets already waiting for a rating were asked when they last changed.
    this.addSql("UPDATE tickets SET rating_asked_at = updated_at WHERE status = 'nps'");
    // The timed jobs' scans: tickets waiting in the bot with no queue, and tickets waiting for a rating.
    this.addSql(`CREATE INDEX tickets_waiting_queue ON tickets (whatsapp_id, created_at)
      WHERE status = 'pending' AND queue_id IS NULL`);
    this.addSql("CREATE INDEX tickets_waiting_rating ON tickets (whatsapp_id, rating_asked_at) WHERE status = 'nps'");
  }
}
