// Announcements (spec 3 §3 Announcement): the platform's notices, written by the super user and read by every
// signed-in user of every company, so the table has no company_id (decision 0072), like helps and plans.
import { Migration } from "@mikro-orm/migrations";

export class Migration0065Announcements extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE announcements (
      id serial PRIMARY KEY,
      title text NOT NULL,
      text text NOT NULL,
      priority smallint NOT NULL DEFAULT 3 CONSTRAINT announcements_priority_check CHECK (priority >= 1 AND priority <= 3),
      status boolean NOT NULL DEFAULT true,
      media_path text,
      media_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
