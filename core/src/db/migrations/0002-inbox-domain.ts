// Tables the inbox domain of spec 1 shares across its parts: tags on tickets
// and contacts, ticket notes, the ticket log, ratings, platform settings, and
// the ticket fields the transitions need.
import { Migration } from "@mikro-orm/migrations";

const ts = "created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()";

export class Migration0002InboxDomain extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE platform_settings (key text PRIMARY KEY, value text, ${ts})`);
    this.addSql(`CREATE TABLE tags (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL DEFAULT '#A4CCCC',
      kanban integer NOT NULL DEFAULT 0,
      ${ts},
      UNIQUE (company_id, name))`);
    this.addSql(`CREATE TABLE ticket_tags (
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (ticket_id, tag_id))`);
    this.addSql("CREATE INDEX ticket_tags_tag ON ticket_tags (tag_id, ticket_id)");
    this.addSql(`CREATE TABLE contact_tags (
      contact_id integer NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (contact_id, tag_id))`);
    this.addSql("CREATE INDEX contact_tags_tag ON contact_tags (tag_id, contact_id)");
    this.addSql(`CREATE TABLE ticket_notes (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer REFERENCES tickets(id) ON DELETE CASCADE,
      contact_id integer REFERENCES contacts(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      note text NOT NULL,
      ${ts})`);
    this.addSql("CREATE INDEX ticket_notes_ticket ON ticket_notes (company_id, ticket_id, id)");
    this.addSql("CREATE INDEX ticket_notes_contact ON ticket_notes (company_id, contact_id, id)");
    this.addSql(`CREATE TABLE ticket_logs (
      id bigserial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('create','chatBot','queue','open','access','transfered',
        'receivedTransfer','pending','closed','reopen','redirect')),
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    this.addSql("CREATE INDEX ticket_logs_ticket ON ticket_logs (ticket_id, id)");
    this.addSql(`CREATE TABLE user_ratings (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      rate integer NOT NULL CHECK (rate BETWEEN 0 AND 10),
      ${ts})`);
    this.addSql("CREATE INDEX user_ratings_ticket ON user_ratings (ticket_id)");
    this.addSql(`ALTER TABLE tickets
      ADD COLUMN is_transfered boolean NOT NULL DEFAULT false,
      ADD COLUMN msg_transfer text,
      ADD COLUMN protocol text,
      ADD COLUMN closed_at timestamptz`);
  }
}
