// Tells every core process that a row the inbox list names, or a company setting, changed, so its company cache
// (core/src/presenters/company-cache.ts) drops the company's copy: updates and deletes of tags, and of a connection's
// name, channel or group setting (`r:<companyId>`), and any write to settings (`s:<companyId>`), whichever code path
// or SQL made it. A new tag or connection needs no notice: a list item naming an id the cache lacks reads the rows
// again. Queues, users and companies already notify (migration 0013). Only new triggers (decision 0097).
import { Migration } from "@mikro-orm/migrations";

export class Migration0125ReferenceChangeNotify extends Migration {
  override up(): void {
    this.addSql(`CREATE FUNCTION chatflow_notify_references() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
        IF TG_TABLE_NAME = 'settings' THEN PERFORM pg_notify('chatflow_references', 's:' || r.company_id);
        ELSE PERFORM pg_notify('chatflow_references', 'r:' || r.company_id);
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE ON settings
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`);
    this.addSql(`CREATE TRIGGER tags_notify AFTER UPDATE OR DELETE ON tags
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`);
    // A connection's status and QR change often and are not shown in a list item: only what is.
    this.addSql(`CREATE TRIGGER whatsapps_notify AFTER UPDATE ON whatsapps
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.channel IS DISTINCT FROM NEW.channel
        OR OLD.group_as_ticket IS DISTINCT FROM NEW.group_as_ticket OR OLD.company_id IS DISTINCT FROM NEW.company_id)
      EXECUTE FUNCTION chatflow_notify_references()`);
    this.addSql(`CREATE TRIGGER whatsapps_delete_notify AFTER DELETE ON whatsapps
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`);
  }
}
