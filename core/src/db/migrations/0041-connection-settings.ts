// The rest of spec 2 §3 Connection's plain fields: the number and pending QR (or pairing) code a Baileys session reports,
// groups, out-of-hours and collective vacation messages, expiry and inactivity, the connection's own service
// hours (scheduleType connection), history import options and progress, and the provider.
import { Migration } from "@mikro-orm/migrations";

export class Migration0041ConnectionSettings extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE whatsapps
      ADD COLUMN number text,
      ADD COLUMN qrcode text,
      ADD COLUMN pairing_code text,
      ADD COLUMN allow_group boolean NOT NULL DEFAULT false,
      ADD COLUMN out_of_hours_message text,
      ADD COLUMN collective_vacation_message text,
      ADD COLUMN collective_vacation_start date,
      ADD COLUMN collective_vacation_end date,
      ADD COLUMN time_create_new_ticket integer NOT NULL DEFAULT 0,
      ADD COLUMN expires_ticket integer NOT NULL DEFAULT 0,
      ADD COLUMN when_expires_ticket integer NOT NULL DEFAULT 0,
      ADD COLUMN expires_inactive_message text,
      ADD COLUMN time_inactive_message integer NOT NULL DEFAULT 0,
      ADD COLUMN inactive_message text,
      ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN import_old_messages date,
      ADD COLUMN import_recent_messages date,
      ADD COLUMN import_old_messages_groups boolean NOT NULL DEFAULT false,
      ADD COLUMN closed_tickets_post_imported boolean NOT NULL DEFAULT false,
      ADD COLUMN queue_id_import_messages integer REFERENCES queues(id) ON DELETE SET NULL,
      ADD COLUMN status_import_messages text,
      ADD COLUMN provider text NOT NULL DEFAULT 'beta'`);
  }
}
