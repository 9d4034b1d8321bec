// A schedule remembers the message its latest send queued, so that a send the channel refuses later (or leaves
// in doubt) shows on the schedule as ERRO, not only a failure to queue it (decision 0037, "Later").
import { Migration } from "@mikro-orm/migrations";

export class Migration0056ScheduleLastMessage extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE schedules ADD COLUMN last_message_id uuid");
    this.addSql(
      "CREATE INDEX schedules_last_message ON schedules (company_id, last_message_id) WHERE last_message_id IS NOT NULL",
    );
  }
}
