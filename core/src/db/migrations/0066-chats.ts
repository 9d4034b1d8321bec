// The internal chat (spec 3 §2 "Internal chat", §3 Chat and Chat message; decision 0073): chats between users of
// one company, their members with each member's unread count, and their messages.
import { Migration } from "@mikro-orm/migrations";

export class Migration0066Chats extends Migration {
  override up(): void {
    this.addSql(`CREATE TABLE chats (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      uuid uuid NOT NULL DEFAULT gen_random_uuid(),
      title text NOT NULL,
      owner_id integer REFERENCES users(id) ON DELETE SET NULL,
      last_message text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE UNIQUE INDEX chats_uuid_key ON chats (uuid)");
    this.addSql("CREATE INDEX chats_company_updated ON chats (company_id, updated_at)");
    this.addSql(`CREATE TABLE chat_users (
      chat_id integer NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      company_id integer NOT NULL,
      unreads integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (chat_id, user_id)
    )`);
    this.addSql("CREATE INDEX chat_users_user ON chat_users (company_id, user_id)");
    this.addSql(`CREATE TABLE chat_messages (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      chat_id integer NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
      sender_id integer REFERENCES users(id) ON DELETE SET NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql("CREATE INDEX chat_messages_chat ON chat_messages (chat_id, id)");
  }
}
