// Channel worker leases (decision 0042): which worker sends for a connection, until when, under which
// generation (the fencing token every claim and send checks), and which workers are alive (their heartbeat).
import { Migration } from "@mikro-orm/migrations";

export class Migration0040ConnectionLeases extends Migration {
  override up(): void {
    // presence_key: the worker's presence advisory lock, held by its lease session while the process lives.
    this.addSql(`CREATE TABLE channel_workers (
      worker_id text PRIMARY KEY,
      presence_key integer NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    // A lease is the holder's while expires_at is ahead and the holder's presence lock is held; each take
    // raises generation, so a former holder's claims and sends (which name their generation) match nothing.
    this.addSql(`CREATE TABLE connection_leases (
      whatsapp_id integer PRIMARY KEY REFERENCES whatsapps(id) ON DELETE CASCADE,
      holder text NOT NULL,
      presence_key integer NOT NULL,
      generation bigint NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  }
}
