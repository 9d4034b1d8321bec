// Tells every core process that a signed-in user's row may have changed, so its
// actor cache (core/src/auth/actor-cache.ts) drops it: any write to users or
// their queues ('u:<userId>'), and to queues or companies ('c:<companyId>'),
// whichever code path or SQL made it.
import { Migration } from "@mikro-orm/migrations";

export class Migration0013UserChangeNotify extends Migration {
  override up(): void {
    this.addSql(`CREATE FUNCTION chatflow_notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
        IF TG_TABLE_NAME = 'users' THEN PERFORM pg_notify('chatflow_users', 'u:' || r.id);
        ELSIF TG_TABLE_NAME = 'user_queues' THEN PERFORM pg_notify('chatflow_users', 'u:' || r.user_id);
        ELSIF TG_TABLE_NAME = 'queues' THEN PERFORM pg_notify('chatflow_users', 'c:' || r.company_id);
        ELSIF TG_TABLE_NAME = 'companies' THEN PERFORM pg_notify('chatflow_users', 'c:' || r.id);
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`);
    this.addSql(`CREATE TRIGGER user_queues_notify AFTER INSERT OR UPDATE OR DELETE ON user_queues
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`);
    this.addSql(`CREATE TRIGGER queues_notify AFTER UPDATE OR DELETE ON queues
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`);
    this.addSql(`CREATE TRIGGER companies_notify AFTER UPDATE OR DELETE ON companies
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`);
  }
}
