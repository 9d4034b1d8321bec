// Issue 23 (decision 0095): the secrets every instance of an installation must share (the token secret, the web
// push keys), generated once into the database by the first instance that starts, unless the environment gives them.
import { Migration } from "@mikro-orm/migrations";

export class Migration0095PlatformSecrets extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE platform_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
