// The first schema: companies, plans, users, queues, connections, contacts,
// tickets, messages, the sync change log and the co-edited documents.
// Hand-written SQL so that partial and keyset indexes are exactly what we mean.
import { Migration } from "@mikro-orm/migrations";

const ts = "created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()";
const flag = (name: string, on: boolean) => `${name} boolean NOT NULL DEFAULT ${on}`;
const enabled = (name: string, value = "disabled") =>
  `${name} text NOT NULL DEFAULT '${value}' CHECK (${name} IN ('enabled','disabled'))`;

export class Migration0001Init extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE plans (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      users integer NOT NULL DEFAULT 0,
      connections integer NOT NULL DEFAULT 0,
      queues integer NOT NULL DEFAULT 0,
      amount numeric(12,2) NOT NULL DEFAULT 0,
      ${flag("use_whatsapp", true)}, ${flag("use_facebook", true)}, ${flag("use_instagram", true)},
      ${flag("use_campaigns", true)}, ${flag("use_schedules", true)}, ${flag("use_internal_chat", true)},
      ${flag("use_external_api", true)}, ${flag("use_kanban", true)}, ${flag("use_open_ai", true)},
      ${flag("use_integrations", true)},
      ${ts})`);
    this.addSql(`CREATE TABLE companies (
      id serial PRIMARY KEY,
      name text NOT NULL,
      phone text,
      email text,
      status boolean NOT NULL DEFAULT true,
      due_date date,
      recurrence text,
      plan_id integer REFERENCES plans(id),
      ${ts})`);
    // One row per company: the per-company change sequence. Taking it with
    // UPDATE ... RETURNING holds its row lock to commit, so sequence order is
    // commit order and a pull never skips a change that commits late.
    this.addSql(`CREATE TABLE company_sync (
      company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      last_seq bigint NOT NULL DEFAULT 0,
      pruned_seq bigint NOT NULL DEFAULT 0)`);
    this.addSql(`CREATE TABLE users (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      profile text NOT NULL DEFAULT 'user' CHECK (profile IN ('admin','user')),
      super boolean NOT NULL DEFAULT false,
      session_id uuid,
      whatsapp_id integer,
      start_work text NOT NULL DEFAULT '00:00',
      end_work text NOT NULL DEFAULT '23:59',
      farewell_message text,
      ${enabled("all_ticket")}, ${flag("allow_group", false)},
      default_theme text NOT NULL DEFAULT 'light' CHECK (default_theme IN ('light','dark')),
      default_menu text NOT NULL DEFAULT 'open' CHECK (default_menu IN ('open','closed')),
      ${enabled("all_historic")}, ${enabled("all_user_chat")}, ${enabled("user_close_pending_ticket")},
      ${enabled("show_dashboard")}, ${enabled("allow_real_time")}, ${enabled("allow_connections")},
      profile_image text,
      ${flag("online", false)},
      color text,
      default_tickets_manager_width integer NOT NULL DEFAULT 550,
      ${ts})`);
    this.addSql("CREATE UNIQUE INDEX users_email_key ON users (lower(email))");
    this.addSql("CREATE INDEX users_company ON users (company_id, id)");
    this.addSql(`CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      session_id uuid NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now())`);
    this.addSql(`CREATE TABLE queues (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL,
      greeting_message text,
      order_queue integer,
      ${ts},
      UNIQUE (company_id, color), UNIQUE (company_id, name))`);
    this.addSql(`CREATE TABLE user_queues (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      queue_id integer NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      PRIMARY KEY (user_id, queue_id))`);
    this.addSql(`CREATE TABLE whatsapps (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      channel text NOT NULL DEFAULT 'whatsapp' CHECK (channel IN ('whatsapp','whatsappapi','facebook','instagram')),
      status text NOT NULL DEFAULT 'DISCONNECTED',
      is_default boolean NOT NULL DEFAULT false,
      greeting_message text,
      farewell_message text,
      ${enabled("group_as_ticket")},
      token text,
      phone_number_id text,
      access_token text,
      app_secret text,
      verify_token text,
      ${ts},
      UNIQUE (company_id, name))`);
    this.addSql(
      "CREATE UNIQUE INDEX whatsapps_phone_number_id_key ON whatsapps (phone_number_id) WHERE phone_number_id IS NOT NULL",
    );
    this.addSql(`CREATE TABLE whatsapp_queues (
      whatsapp_id integer NOT NULL REFERENCES whatsapps(id) ON DELETE CASCADE,
      queue_id integer NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      PRIMARY KEY (whatsapp_id, queue_id))`);
    this.addSql(`CREATE TABLE contacts (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name text NOT NULL,
      number text NOT NULL,
      email text NOT NULL DEFAULT '',
      url_picture text,
      ${flag("active", true)}, ${flag("accept_audio_message", true)}, ${flag("disable_bot", false)},
      ${flag("is_group", false)},
      channel text NOT NULL DEFAULT 'whatsapp',
      whatsapp_id integer REFERENCES whatsapps(id) ON DELETE SET NULL,
      extra_info jsonb NOT NULL DEFAULT '[]',
      lgpd_accepted_at timestamptz,
      ${ts},
      UNIQUE (company_id, number))`);
    this.addSql(`CREATE TABLE tickets (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      contact_id integer NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      whatsapp_id integer REFERENCES whatsapps(id) ON DELETE SET NULL,
      queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','open','group','closed','lgpd','nps')),
      channel text NOT NULL DEFAULT 'whatsapp',
      ${flag("is_group", false)}, ${flag("is_bot", false)}, ${flag("use_integration", false)},
      unread_messages integer NOT NULL DEFAULT 0,
      last_message text NOT NULL DEFAULT '',
      amount_used_bot_queues integer NOT NULL DEFAULT 0,
      ${ts})`);
    // The inbox list: keyset pages per company and status, newest first.
    this.addSql("CREATE INDEX tickets_inbox ON tickets (company_id, status, updated_at DESC, id DESC)");
    // At most one ticket in progress per contact and connection, enforced by the database.
    this.addSql(`CREATE UNIQUE INDEX tickets_one_active ON tickets (company_id, contact_id, whatsapp_id)
      NULLS NOT DISTINCT WHERE status <> 'closed'`);
    this.addSql(`CREATE TABLE messages (
      id uuid PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      ticket_id integer NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
      contact_id integer,
      whatsapp_id integer,
      user_id integer,
      queue_id integer,
      body text NOT NULL DEFAULT '',
      ${flag("from_me", false)}, ${flag("read", false)},
      media_type text NOT NULL DEFAULT 'chat',
      media_url text,
      data_json jsonb,
      ack smallint NOT NULL DEFAULT 0,
      ${flag("is_deleted", false)}, ${flag("is_edited", false)}, ${flag("is_forwarded", false)},
      ${flag("is_private", false)},
      quoted_msg_id uuid,
      remote_id text,
      send_state text CHECK (send_state IN ('queued','claimed','sending','sent','failed')),
      send_attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      claimed_at timestamptz,
      error_code text,
      ${ts})`);
    this.addSql("CREATE INDEX messages_ticket_page ON messages (ticket_id, created_at DESC, id DESC)");
    // Inbound dedupe: a channel may deliver the same message twice.
    this.addSql(
      "CREATE UNIQUE INDEX messages_remote_id ON messages (whatsapp_id, remote_id) WHERE remote_id IS NOT NULL",
    );
    // The outbound queue, per connection, oldest first.
    this.addSql(`CREATE INDEX messages_outbound ON messages (whatsapp_id, created_at)
      WHERE send_state IN ('queued','claimed','sending')`);
    this.addSql(`CREATE TABLE change_log (
      company_id integer NOT NULL,
      seq bigint NOT NULL,
      entity text NOT NULL,
      entity_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, seq))`);
    this.addSql(`CREATE TABLE client_mutations (
      client_id text NOT NULL,
      mutation_id bigint NOT NULL,
      company_id integer NOT NULL,
      user_id integer NOT NULL,
      error jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (client_id, mutation_id))`);
    this.addSql(`CREATE TABLE settings (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      key text NOT NULL,
      value text,
      ${ts},
      UNIQUE (company_id, key))`);
    this.addSql(`CREATE TABLE documents (
      name text PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      kind text NOT NULL,
      state bytea NOT NULL,
      ${ts})`);
    this.addSql(`CREATE TABLE quick_messages (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      item_id text NOT NULL,
      shortcode text NOT NULL,
      message text NOT NULL DEFAULT '',
      media_path text,
      user_id integer,
      ${ts},
      UNIQUE (company_id, item_id))`);
  }
}
