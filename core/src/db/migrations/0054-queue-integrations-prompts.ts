// Queue integrations and AI prompts (spec 2 §3 Integration, Prompt; decision 0056), and the runtime's two tables:
// the steps the inbound path leaves for the channel worker, and each ticket's bot session (Typebot's session id,
// or the hand-over to a person that ends a bot's turn in the ticket's queue).
import { Migration } from "@mikro-orm/migrations";

export class Migration0054QueueIntegrationsPrompts extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE queue_integrations (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      type text NOT NULL,
      name text NOT NULL,
      project_name text,
      json_content text,
      language text,
      url_n8n text,
      typebot_slug text,
      typebot_expires integer NOT NULL DEFAULT 1,
      typebot_delay_message integer NOT NULL DEFAULT 1000,
      typebot_keyword_finish text,
      typebot_keyword_restart text,
      typebot_restart_message text,
      typebot_unknown_message text,
      signing_secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX queue_integrations_company_name ON queue_integrations (company_id, name)");
    this.addSql(`CREATE TABLE prompts (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      prompt text NOT NULL,
      voice text NOT NULL DEFAULT 'texto',
      voice_key text,
      voice_region text,
      max_tokens integer NOT NULL DEFAULT 100,
      temperature real NOT NULL DEFAULT 1,
      api_key text NOT NULL,
      queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      max_messages integer NOT NULL DEFAULT 10,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX prompts_company_queue ON prompts (company_id, queue_id)");
    this.addSql(`CREATE TABLE integration_steps (
      id bigserial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      kind text NOT NULL,
      integration_id integer,
      prompt_id integer,
      body text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz
    )`);
    this.addSql(
      "CREATE INDEX integration_steps_due ON integration_steps (next_attempt_at, id) WHERE state = 'pending'",
    );
    this.addSql("CREATE INDEX integration_steps_ticket ON integration_steps (ticket_id, id)");
    this.addSql(`CREATE TABLE integration_sessions (
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      queue_id integer,
      integration_id integer,
      session_id text,
      choices jsonb,
      finished boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, ticket_id)
    )`);
  }
}
