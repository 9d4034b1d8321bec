// Issue 25 (decision 0108): the audit log, who did what to a company's configuration and data. Append-only: a
// trigger refuses UPDATE, DELETE and TRUNCATE unless the transaction says it is the retention purge (the
// `chatflow.audit_purge` setting, set locally by purgeAuditEntries). No foreign key to companies: an entry outlives
// its company (a deleted company's record stays for the platform until the retention purge). Numbered after the
// decision record (several sessions add migrations at once); it only adds a table (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0108AuditLog extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE audit_entries (
      id serial PRIMARY KEY,
      company_id integer NOT NULL,
      user_id integer,
      user_name text NOT NULL DEFAULT '',
      kind text NOT NULL,
      subject_id integer,
      subject text NOT NULL DEFAULT '',
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX audit_entries_company_created ON audit_entries (company_id, created_at, id)");
    // The retention purge of every company on the installation's days (audit-retention.ts).
    this.addSql("CREATE INDEX audit_entries_created ON audit_entries (created_at)");
    // The sign-in's question "has this user signed in from this device before?" (record-sign-in.ts), one probe.
    this.addSql(`CREATE INDEX audit_entries_devices ON audit_entries (company_id, user_id, (detail->>'device'))
      WHERE kind = 'signin.newDevice'`);
    this.addSql(`CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('chatflow.audit_purge', true) = 'on' AND TG_OP <> 'UPDATE' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit entries are append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    this.addSql(`CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`);
    this.addSql(`CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()`);
  }
}
