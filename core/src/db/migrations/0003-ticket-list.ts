// The inbox list at size (docs/decisions/0008-ticket-list.md): a covering
// keyset index, maintained ticket counters, and indexes for the search box.
import { Migration } from "@mikro-orm/migrations";

/** The columns a counter row is keyed by: exactly what the visibility rule reads. */
const KEY = "company_id, status, queue_id, user_id, is_group";

export class Migration0003TicketList extends Migration {
  override up(): void {
    // Same keys as 0001's tickets_inbox, plus the columns visibility filters on, so
    // that a deep OFFSET page (the cold fallback) is an index-only scan.
    this.addSql(`CREATE INDEX tickets_inbox_covering ON tickets (company_id, status, updated_at DESC, id DESC)
      INCLUDE (queue_id, user_id, is_group)`);
    this.addSql("DROP INDEX tickets_inbox");
    this.addSql("ALTER INDEX tickets_inbox_covering RENAME TO tickets_inbox");
    // An owner's tickets per status, newest first: the open tab of an agent (their own
    // tickets) is a short range here instead of a filter over every open ticket.
    this.addSql(`CREATE INDEX tickets_owner ON tickets (company_id, user_id, status, updated_at DESC, id DESC)
      INCLUDE (queue_id, is_group)`);
    // A queue's tickets per status, newest first: an agent's waiting and closed tickets
    // are their queues' ranges, however many tickets other queues hold.
    this.addSql(`CREATE INDEX tickets_queue ON tickets (company_id, queue_id, status, updated_at DESC, id DESC)
      INCLUDE (user_id, is_group)`);
    // Search finds contacts first, then their tickets; deleting a contact also needs it.
    this.addSql("CREATE INDEX tickets_contact ON tickets (contact_id)");

    // Counters: one row per key with its number of tickets. Writers never update them:
    // triggers append signed deltas (inserts never wait on each other, so ingest and
    // agents never queue behind one hot counter row), and readers sum counters plus
    // deltas in one statement; ticket-counts.ts folds deltas into the counters.
    this.addSql(`CREATE TABLE ticket_counts (
      company_id integer NOT NULL,
      status text NOT NULL,
      queue_id integer,
      user_id integer,
      is_group boolean NOT NULL,
      n integer NOT NULL,
      CONSTRAINT ticket_counts_key UNIQUE NULLS NOT DISTINCT (${KEY}))`);
    this.addSql(`CREATE TABLE ticket_count_deltas (
      company_id integer NOT NULL,
      status text NOT NULL,
      queue_id integer,
      user_id integer,
      is_group boolean NOT NULL,
      n integer NOT NULL)`);
    this.addSql("CREATE INDEX ticket_count_deltas_company ON ticket_count_deltas (company_id)");

    // Inserts and deletes: statement-level, so a bulk insert adds one delta per key, not per row.
    this.addSql(`CREATE FUNCTION ticket_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_count_deltas (${KEY}, n)
          SELECT ${KEY}, count(*) FROM new_rows GROUP BY ${KEY};
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE FUNCTION ticket_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_count_deltas (${KEY}, n)
          SELECT ${KEY}, -count(*) FROM old_rows GROUP BY ${KEY};
        RETURN NULL;
      END $$`);
    // Updates: row-level, and only when a key column changed (the WHEN clause runs without
    // calling the function), so the hot path (a message bumping updated_at) costs nothing.
    this.addSql(`CREATE FUNCTION ticket_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ticket_count_deltas (${KEY}, n) VALUES
          (OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, OLD.is_group, -1),
          (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, NEW.is_group, 1);
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER ticket_counts_insert AFTER INSERT ON tickets
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_inserted()`);
    this.addSql(`CREATE TRIGGER ticket_counts_delete AFTER DELETE ON tickets
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_deleted()`);
    this.addSql(`CREATE TRIGGER ticket_counts_update AFTER UPDATE OF ${KEY} ON tickets FOR EACH ROW
      WHEN ((OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, OLD.is_group)
        IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, NEW.is_group))
      EXECUTE FUNCTION ticket_counts_moved()`);
    this.addSql(`INSERT INTO ticket_counts (${KEY}, n) SELECT ${KEY}, count(*) FROM tickets GROUP BY ${KEY}`);

    // The search box matches contact names and numbers anywhere in the text: trigram
    // indexes where pg_trgm is installable (it is a trusted extension; both the embedded
    // server and PostgreSQL 15+ ship it). Without it, search still works, by scanning.
    this.addSql(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX contacts_search_name ON contacts USING gin (lower(name) gin_trgm_ops);
        CREATE INDEX contacts_search_number ON contacts USING gin (number gin_trgm_ops);
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not installed: ticket search scans contacts';
    END $$`);
  }
}
