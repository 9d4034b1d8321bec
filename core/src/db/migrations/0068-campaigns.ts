// Bulk campaigns (spec 3 §2 "Campaigns page", "Campaign settings", §3 Campaign, Campaign settings, §4; decision
// 0076): the campaigns, each company's pacing settings, and one shipping record per campaign and contact, which
// makes a contact's message go out once whatever the restarts and workers.
import { Migration } from "@mikro-orm/migrations";

export class Migration0068Campaigns extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE campaigns (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      message1 text NOT NULL DEFAULT '',
      message2 text NOT NULL DEFAULT '',
      message3 text NOT NULL DEFAULT '',
      message4 text NOT NULL DEFAULT '',
      message5 text NOT NULL DEFAULT '',
      confirmation_message1 text NOT NULL DEFAULT '',
      confirmation_message2 text NOT NULL DEFAULT '',
      confirmation_message3 text NOT NULL DEFAULT '',
      confirmation_message4 text NOT NULL DEFAULT '',
      confirmation_message5 text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'INATIVA'
        CHECK (status IN ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')),
      confirmation boolean NOT NULL DEFAULT false,
      scheduled_at timestamptz,
      completed_at timestamptz,
      contact_list_id integer REFERENCES contact_lists(id) ON DELETE SET NULL,
      tag_list_id integer REFERENCES tags(id) ON DELETE SET NULL,
      whatsapp_id integer REFERENCES whatsapps(id) ON DELETE SET NULL,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      open_ticket text NOT NULL DEFAULT 'disabled' CHECK (open_ticket IN ('enabled', 'disabled')),
      status_ticket text NOT NULL DEFAULT 'closed' CHECK (status_ticket IN ('closed', 'pending', 'open')),
      media_path text,
      media_name text,
      -- The sender's pacing: when the next message may go, how many went, when the contacts were taken.
      next_send_at timestamptz,
      sent_count integer NOT NULL DEFAULT 0,
      shippings_made_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX campaigns_company ON campaigns (company_id, id)");
    // The sender's scan: scheduled and running campaigns, across companies.
    this.addSql(
      "CREATE INDEX campaigns_due ON campaigns (scheduled_at) WHERE status IN ('PROGRAMADA', 'EM_ANDAMENTO')",
    );
    this.addSql(`CREATE TABLE campaign_settings (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      key text NOT NULL,
      value text NOT NULL,
      CONSTRAINT campaign_settings_company_key UNIQUE (company_id, key)
    )`);
    this.addSql(`CREATE TABLE campaign_shippings (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      contact_list_item_id integer REFERENCES contact_list_items(id) ON DELETE SET NULL,
      number text NOT NULL,
      message text NOT NULL DEFAULT '',
      confirmation_message text NOT NULL DEFAULT '',
      confirmation boolean NOT NULL DEFAULT false,
      confirmation_message_id uuid,
      message_id uuid,
      delivered_at timestamptz,
      confirmation_requested_at timestamptz,
      confirmed_at timestamptz,
      failed_at timestamptz,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT campaign_shippings_once UNIQUE (company_id, campaign_id, number)
    )`);
    this.addSql(
      "CREATE INDEX campaign_shippings_message ON campaign_shippings (company_id, message_id) WHERE message_id IS NOT NULL",
    );
  }
}
