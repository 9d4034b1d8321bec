// Service hours and absences (decision 0046): the company's own hours (scheduleType company), and on each ticket
// when it last got the out-of-hours, collective-vacation and inactivity messages, so each goes out once per
// closed period, per vacation and per silence.
import { Migration } from "@mikro-orm/migrations";

export class Migration0044ServiceHours extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE companies ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]'`);
    this.addSql(`ALTER TABLE tickets
      ADD COLUMN out_of_hours_sent_at timestamptz,
      ADD COLUMN vacation_sent_at timestamptz,
      ADD COLUMN inactive_sent_at timestamptz`);
  }
}
