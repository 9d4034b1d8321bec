// Help videos (spec 3 §3 Help: title, description, video code), the platform's, edited by the super user on the
// settings page's Helps tab (decision 0055).
import { Migration } from "@mikro-orm/migrations";

export class Migration0053Helps extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE helps (
      id serial PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      video text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
