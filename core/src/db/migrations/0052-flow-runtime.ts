// The flow runtime (spec 2 §3 Connection flowIdWelcome/flowIdNotPhrase, Phrase campaign; decision 0054): which
// flows a connection starts, the phrase campaigns, and each ticket's place in the flow it walks.
import { Migration } from "@mikro-orm/migrations";

export class Migration0052FlowRuntime extends Migration {
  override up(): void {
    this.addSql(`ALTER TABLE whatsapps
      ADD COLUMN flow_id_welcome integer REFERENCES flows(id) ON DELETE SET NULL,
      ADD COLUMN flow_id_not_phrase integer REFERENCES flows(id) ON DELETE SET NULL`);
    this.addSql(`CREATE TABLE flow_campaigns (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      name text NOT NULL,
      flow_id integer NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
      whatsapp_id integer REFERENCES whatsapps(id) ON DELETE SET NULL,
      phrase text NOT NULL,
      status boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX flow_campaigns_company ON flow_campaigns (company_id, id)");
    // One row per flow a ticket walked; at most one still running per ticket.
    this.addSql(`CREATE TABLE flow_runs (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      flow_id integer REFERENCES flows(id) ON DELETE SET NULL,
      started_by text NOT NULL,
      campaign_id integer REFERENCES flow_campaigns(id) ON DELETE SET NULL,
      node_id text NOT NULL,
      element integer NOT NULL DEFAULT 0,
      waiting_for text,
      variables jsonb NOT NULL DEFAULT '{}',
      step integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'running',
      end_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE UNIQUE INDEX flow_runs_running ON flow_runs (company_id, ticket_id) WHERE status = 'running'");
    this.addSql("CREATE INDEX flow_runs_ticket ON flow_runs (company_id, ticket_id, id)");
  }
}
