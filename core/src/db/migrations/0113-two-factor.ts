// Issue 25 (decision 0113): two-factor sign-in. A user's TOTP secret (encrypted) with the last time step used (no
// replay), a pending secret while enrolling; ten recovery codes (hashed, each used once); the login's second-step
// challenges (hashed, single-use, short-lived, counting wrong codes); and the browsers trusted for 30 days (hashed,
// revocable). New tables only (decision 0097); every row goes with its user.
import { Migration } from "@mikro-orm/migrations";

export class Migration0113TwoFactor extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE user_two_factor (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      secret text,
      pending_secret text,
      last_step bigint NOT NULL DEFAULT 0,
      enabled_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql(`CREATE TABLE two_factor_recovery_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      code_hash text NOT NULL,
      used_at timestamptz
    )`);
    this.addSql("CREATE INDEX two_factor_recovery_codes_user_id ON two_factor_recovery_codes (user_id)");
    this.addSql(`CREATE TABLE two_factor_challenges (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      token_hash text NOT NULL,
      kind text NOT NULL,
      wrong integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT two_factor_challenges_token_hash_key UNIQUE (token_hash)
    )`);
    this.addSql("CREATE INDEX two_factor_challenges_user_id ON two_factor_challenges (user_id)");
    this.addSql(`CREATE TABLE trusted_devices (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      token_hash text NOT NULL,
      user_agent text NOT NULL DEFAULT '',
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT trusted_devices_token_hash_key UNIQUE (token_hash)
    )`);
    this.addSql("CREATE INDEX trusted_devices_user_id ON trusted_devices (user_id)");
  }
}
