// Password reset (spec 3 §2 "Password reset", §4; decision 0078): one live code per user, stored hashed with its
// expiry; a new request replaces it, a reset or too many wrong tries delete it. Users log in by an e-mail unique
// across the platform, so the code belongs to the user, not to a company.
import { Migration } from "@mikro-orm/migrations";

export class Migration0070PasswordResetCodes extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE password_reset_codes (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}
