// A connection's own queue integration and AI prompt (spec 2 §3 Connection integrationId, promptId; decision 0062):
// they take the conversations that wait on the connection with no queue. No foreign keys, as for queues and chatbot
// options (decision 0056): the calls check the id is the company's, and deleting one clears it in the same
// transaction.
import { Migration } from "@mikro-orm/migrations";

export class Migration0060ConnectionIntegrationPrompt extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE whatsapps ADD COLUMN integration_id integer, ADD COLUMN prompt_id integer");
  }
}
