// Counters of the rate limits (decision 0022): one row per limited key (login per account and per
// address, signup per address), shared by every core process. Unlogged: a crash may forget them.
import { Migration } from "@mikro-orm/migrations";

export class Migration0022RateLimits extends Migration {
  override up(): void {
    this.addSql(`CREATE UNLOGGED TABLE rate_limits (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL
    )`);
    this.addSql("CREATE INDEX rate_limits_window_start ON rate_limits (window_start)");
  }
}
