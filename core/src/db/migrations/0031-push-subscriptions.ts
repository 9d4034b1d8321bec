// Web push (decision 0031): each browser's subscription, and per company how far the
// push dispatcher has read the change log and which inbound messages it already announced.
import { Migration } from "@mikro-orm/migrations";

export class Migration0031PushSubscriptions extends Migration {
  override up(): void {
    // An endpoint is one browser install, unique across the platform: the latest sign-in on it owns it.
    // session_id: the session it was saved in; pushes go only while that is the user's live session.
    this.addSql(`CREATE TABLE push_subscriptions (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      session_id uuid NOT NULL,
      endpoint text NOT NULL UNIQUE,
      p256dh text NOT NULL,
      auth text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX push_subscriptions_user ON push_subscriptions (company_id, user_id)");
    // Made when a company's first subscription is saved, at the company's last change then.
    this.addSql(`CREATE TABLE push_cursors (
      company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      last_seq bigint NOT NULL
    )`);
    // A message logged again (transcribed, its contact deleted) is announced once; rows live a day.
    this.addSql(`CREATE TABLE push_sent (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      message_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, message_id)
    )`);
    this.addSql("CREATE INDEX push_sent_created_at ON push_sent (created_at)");
  }
}
