// Scheduled messages (spec 1 §3, spec 2 §3 Schedule; decision 0037). Numbered after the last migration on
// main when this was written; renumber freely if another lands first (the name says what it is).
import { Migration } from "@mikro-orm/migrations";

export class Migration0033Schedules extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE schedules (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      body text NOT NULL,
      contact_id integer NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
      send_at timestamptz NOT NULL,
      sent_at timestamptz,
      status text NOT NULL DEFAULT 'PENDENTE',
      assinar boolean NOT NULL DEFAULT false,
      open_ticket text NOT NULL DEFAULT 'disabled',
      ticket_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      queue_id integer REFERENCES queues(id) ON DELETE SET NULL,
      status_ticket text NOT NULL DEFAULT 'closed',
      intervalo integer NOT NULL DEFAULT 1,
      valor_intervalo integer NOT NULL DEFAULT 0,
      enviar_quantas_vezes integer NOT NULL DEFAULT 1,
      tipo_dias integer NOT NULL DEFAULT 4,
      media_path text,
      media_name text,
      whatsapp_id integer REFERENCES whatsapps(id) ON DELETE SET NULL,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      sent_count integer NOT NULL DEFAULT 0,
      anchor_at timestamptz NOT NULL,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX schedules_company_send_at ON schedules (company_id, send_at)");
    this.addSql("CREATE INDEX schedules_company_contact ON schedules (company_id, contact_id)");
    this.addSql("CREATE INDEX schedules_due ON schedules (send_at) WHERE status = 'PENDENTE'");
  }
}
