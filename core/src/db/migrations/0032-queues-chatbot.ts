// Queues as spec 2 §3 describes them (messages, closeTicket, rotation, integration,
// file list, service hours per weekday) and their chatbot option trees; a ticket
// remembers which option's children the contact is choosing among (decision 0041).
import { Migration } from "@mikro-orm/migrations";

export class Migration0032QueuesChatbot extends Migration {
  override up(): void {
    // integration_id / file_list_id: those tables come with their own issues; the keys are added then.
    this.addSql(`ALTER TABLE queues
      ADD COLUMN out_of_hours_message text,
      ADD COLUMN completion_message text,
      ADD COLUMN close_ticket boolean NOT NULL DEFAULT false,
      ADD COLUMN ativar_roteador boolean NOT NULL DEFAULT false,
      ADD COLUMN tempo_roteador integer NOT NULL DEFAULT 0,
      ADD COLUMN integration_id integer,
      ADD COLUMN file_list_id integer,
      ADD COLUMN schedules jsonb NOT NULL DEFAULT '[]'`);
    this.addSql(`ALTER TABLE queues ADD CONSTRAINT queues_tempo_roteador_check
      CHECK (tempo_roteador IN (0, 2, 5, 10, 15, 30, 45, 60))`);
    // queue_id: the queue whose tree holds the option (children too); chatbot_id: the parent option.
    this.addSql(`CREATE TABLE chatbots (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      queue_id integer NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
      chatbot_id integer REFERENCES chatbots(id) ON DELETE CASCADE,
      name text NOT NULL,
      greeting_message text,
      queue_type text NOT NULL DEFAULT 'text',
      opt_queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      opt_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      opt_integration_id integer,
      opt_file_id integer,
      close_ticket boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT chatbots_queue_type_check CHECK (queue_type IN ('text', 'attendent', 'queue', 'integration', 'file'))
    )`);
    this.addSql("CREATE INDEX chatbots_queue ON chatbots (company_id, queue_id)");
    this.addSql("CREATE INDEX chatbots_parent ON chatbots (chatbot_id)");
    this.addSql(`ALTER TABLE tickets
      ADD COLUMN queue_option_id integer REFERENCES chatbots(id) ON DELETE SET NULL`);
  }
}
