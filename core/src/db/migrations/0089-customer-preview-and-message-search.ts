// Issue 21 (decision 0089): the ticket list's preview becomes the customer's last message, so the tickets in
// progress (and those of the last 30 days, which /moments and the list show) are put in step once; and message
// text gets a full-text index in Portuguese, which the search reads and issue 25 builds on.
import { Migration } from "@mikro-orm/migrations";

export class Migration0089CustomerPreviewAndMessageSearch extends Migration {
  override up(): void {
    const preview = `COALESCE((SELECT m.body FROM messages m
      WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND NOT m.from_me AND NOT m.is_deleted
        AND NOT m.is_private
      ORDER BY m.created_at DESC, m.id DESC LIMIT 1), '')`;
    this.addSql(`UPDATE tickets t SET last_message = ${preview}
      WHERE (t.status <> 'closed' OR t.updated_at > now() - interval '30 days')
        AND t.last_message IS DISTINCT FROM ${preview}`);
    this.addSql("CREATE INDEX messages_search_body ON messages USING gin (to_tsvector('portuguese', body))");
  }
}
