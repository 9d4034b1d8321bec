// npm run import:whaticket from a Whaticket community database (no companies: a super-user import makes one):
// users made to reset their password, a queue with its connection and agents, a contact with an extra field, a
// ticket whose messages carry media from the old public/ folder and a quote, quick answers, and a second run that
// imports nothing twice. The source is the DDL of the community's own migrations (fixtures/), with made-up rows.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../core/src/kernel/password-hashing.ts";
import { transaction } from "../../core/src/kernel/transaction.ts";
import { mediaKeyOfUrl } from "../../core/src/media/media-store.ts";
import { requestPasswordReset, resetPassword } from "../../core/src/password-reset/password-reset.ts";
import { testDbForFile, tmpDirForFile } from "../../core/src/testing/test-world.ts";
import { importWhaticket } from "./import.ts";
import { importedMessageId } from "./messages.ts";
import { IMPORTED_PASSWORD_HASH } from "./reference-data.ts";
import { sourceDbForFile, targetCounts } from "./testing.ts";

const target = testDbForFile();
const source = sourceDbForFile("whaticket-community-schema.sql");
const dir = tmpDirForFile("chatflow-whaticket-");

const PHOTO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function seedSource() {
  const q = (sql: string) => source.pool.query(sql);
  const t = "'2024-03-01T10:00:00Z'";
  await q(`INSERT INTO "Whatsapps" ("id", "name", "status", "isDefault", "greetingMessage", "createdAt", "updatedAt")
           VALUES (1, 'Atendimento', 'CONNECTED', true, 'Bem-vindo', ${t}, ${t})`);
  await q(`INSERT INTO "Queues" ("id", "name", "color", "greetingMessage", "createdAt", "updatedAt")
           VALUES (1, 'Vendas', '#ff0000', 'Olá, vendas', ${t}, ${t})`);
  await q(`INSERT INTO "WhatsappQueues" VALUES (1, 1, ${t}, ${t})`);
  await q(`INSERT INTO "Users" ("id", "name", "email", "passwordHash", "profile", "createdAt", "updatedAt") VALUES
           (1, 'Ana', 'ana@example.com', '$2a$08$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY', 'admin', ${t}, ${t}),
           (2, 'Bruno', 'bruno@example.com', '$2a$08$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY', 'user', ${t}, ${t})`);
  await q(`INSERT INTO "UserQueues" VALUES (2, 1, ${t}, ${t})`);
  await q(`UPDATE "Users" SET "whatsappId" = 1 WHERE "id" = 1`);
  await q(`INSERT INTO "Contacts" ("id", "name", "number", "email", "createdAt", "updatedAt") VALUES
           (1, 'Carla', '5511999990001', 'carla@example.com', ${t}, ${t})`);
  await q(`INSERT INTO "ContactCustomFields" ("name", "value", "contactId", "createdAt", "updatedAt")
           VALUES ('CPF', '123.456.789-00', 1, ${t}, ${t})`);
  await q(`INSERT INTO "Tickets" ("id", "status", "lastMessage", "contactId", "userId", "whatsappId", "queueId",
             "unreadMessages", "createdAt", "updatedAt") VALUES
           (1, 'open', 'Resposta', 1, 2, 1, 1, 2, '2024-03-01T10:00:00Z', '2024-03-01T10:05:00Z'),
           (2, 'closed', 'Antigo', 1, 1, 1, NULL, 0, '2024-02-01T10:00:00Z', '2024-02-01T11:00:00Z')`);
  await q(`INSERT INTO "Messages" ("id", "body", "ack", "read", "mediaType", "mediaUrl", "ticketId", "fromMe",
             "contactId", "quotedMsgId", "createdAt", "updatedAt") VALUES
           ('3EB0AAA1', 'Oi, tudo bem?', 0, true, 'chat', NULL, 1, false, 1, NULL, '2024-03-01T10:00:00Z', '2024-03-01T10:00:00Z'),
           ('3EB0AAA2', 'foto.png', 0, true, 'image', '1709287260000-foto.png', 1, false, 1, '3EB0AAA1', '2024-03-01T10:01:00Z', '2024-03-01T10:01:00Z'),
           ('3EB0AAA3', 'Resposta', 3, true, 'chat', NULL, 1, true, NULL, NULL, '2024-03-01T10:05:00Z', '2024-03-01T10:05:00Z'),
           ('3EB0AAA4', 'contrato.pdf', 2, true, 'document', 'sumiu.pdf', 1, true, NULL, NULL, '2024-03-01T10:06:00Z', '2024-03-01T10:06:00Z'),
           ('3EB0BBB1', 'Antigo', 4, true, 'chat', NULL, 2, false, 1, NULL, '2024-02-01T10:00:00Z', '2024-02-01T10:00:00Z')`);
  await q(
    `INSERT INTO "QuickAnswers" ("shortcut", "message", "createdAt", "updatedAt") VALUES ('oi', 'Olá! Como posso ajudar?', ${t}, ${t})`,
  );
  await q(
    `INSERT INTO "Settings" VALUES ('userRating', 'enabled', ${t}, ${t}), ('userCreation', 'enabled', ${t}, ${t})`,
  );
  const publicDir = path.join(dir.path, "public");
  await mkdir(publicDir, { recursive: true });
  await writeFile(path.join(publicDir, "1709287260000-foto.png"), PHOTO);
  return publicDir;
}

const run = (publicDir: string, dryRun = false) =>
  importWhaticket(target.pool, {
    from: source.url,
    dryRun,
    source: "old-whaticket",
    companyName: "Loja da Carla",
    media: { dir: publicDir, baseUrl: null, dataDir: path.join(dir.path, "data"), maxBytes: 10_000_000 },
  });

describe("npm run import:whaticket from Whaticket community", () => {
  it("a dry run counts what would come and what cannot, and writes nothing", async () => {
    const publicDir = await seedSource();
    const before = await targetCounts(target.pool);
    const { report, saas } = await run(publicDir, true);
    expect(saas).toBe(false);
    expect(await targetCounts(target.pool)).toEqual(before);
    expect(report.count("companies").imported).toBe(1);
    expect(report.count("users").imported).toBe(2);
    expect(report.count("tickets").imported).toBe(2);
    expect(report.count("messages").imported).toBe(5);
    expect(report.count("media files").imported).toBe(1);
    expect([...report.count("media files").skipped.keys()]).toEqual(["media file not found in --media-dir"]);
    expect(report.lines(true)).toContain("messages: would import 5");
  });

  it("makes a company with its users, queue, connection, contact, tickets, messages with media and quote", async () => {
    const publicDir = path.join(dir.path, "public");
    const { report, companies } = await run(publicDir);
    expect(companies).toHaveLength(1);
    expect(companies[0]!.created).toBe(true);
    const companyId = companies[0]!.target;
    const db = target.pool;
    const one = async <T>(sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows as T[];

    expect(await one("SELECT name FROM companies WHERE id = $1", [companyId])).toEqual([{ name: "Loja da Carla" }]);
    // The bcrypt hashes stay behind: no password opens these accounts until their owners reset them.
    const users = await one<{ email: string; profile: string; password_hash: string }>(
      "SELECT email, profile, password_hash FROM users WHERE company_id = $1 ORDER BY email",
      [companyId],
    );
    expect(users.map((u) => [u.email, u.profile])).toEqual([
      ["ana@example.com", "admin"],
      ["bruno@example.com", "user"],
    ]);
    expect(users.every((u) => u.password_hash === IMPORTED_PASSWORD_HASH)).toBe(true);
    expect(await verifyPassword(IMPORTED_PASSWORD_HASH, "")).toBe(false);
    // "Forgot my password" opens the account: the e-mailed code sets an argon2 password.
    const reset = await transaction(db, async (c) => {
      const mail = await requestPasswordReset(c, "bruno@example.com", 600);
      return resetPassword(c, { email: "bruno@example.com", token: mail!.code, newPassword: "Nova-senha-123" });
    });
    expect(reset).not.toBeNull();
    const [bruno] = await one<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [reset]);
    expect(await verifyPassword(bruno!.password_hash, "Nova-senha-123")).toBe(true);

    const [queue] = await one<{ id: number; color: string; greeting_message: string }>(
      "SELECT id, color, greeting_message FROM queues WHERE company_id = $1",
      [companyId],
    );
    expect(queue).toMatchObject({ color: "#ff0000", greeting_message: "Olá, vendas" });
    const [conn] = await one<{ id: number; channel: string; status: string; is_default: boolean }>(
      "SELECT id, channel, status, is_default FROM whatsapps WHERE company_id = $1",
      [companyId],
    );
    expect(conn).toMatchObject({ channel: "whatsapp", status: "DISCONNECTED", is_default: true });
    // Ana's default connection came with her.
    expect(await one("SELECT email FROM users WHERE whatsapp_id = $1", [conn!.id])).toEqual([
      { email: "ana@example.com" },
    ]);
    expect(await one("SELECT queue_id FROM whatsapp_queues WHERE whatsapp_id = $1", [conn!.id])).toEqual([
      { queue_id: queue!.id },
    ]);
    expect(
      await one("SELECT u.email FROM user_queues uq JOIN users u ON u.id = uq.user_id WHERE uq.queue_id = $1", [
        queue!.id,
      ]),
    ).toEqual([{ email: "bruno@example.com" }]);

    const [contact] = await one<{ id: number; extra_info: unknown }>(
      "SELECT id, extra_info FROM contacts WHERE company_id = $1 AND number = '5511999990001'",
      [companyId],
    );
    expect(contact!.extra_info).toEqual([{ id: 1, name: "CPF", value: "123.456.789-00" }]);

    const tickets = await one<{
      id: number;
      status: string;
      queue_id: number | null;
      user_email: string;
      unread_messages: number;
      created_at: Date;
      closed_at: Date | null;
    }>(
      `SELECT t.id, t.status, t.queue_id, u.email AS user_email, t.unread_messages, t.created_at, t.closed_at
       FROM tickets t JOIN users u ON u.id = t.user_id WHERE t.company_id = $1 ORDER BY t.created_at`,
      [companyId],
    );
    expect(tickets.map((t) => [t.status, t.user_email, t.queue_id])).toEqual([
      ["closed", "ana@example.com", null],
      ["open", "bruno@example.com", queue!.id],
    ]);
    expect(tickets[1]!.created_at.toISOString()).toBe("2024-03-01T10:00:00.000Z");
    expect(tickets[0]!.closed_at?.toISOString()).toBe("2024-02-01T11:00:00.000Z");
    expect(tickets[1]!.unread_messages).toBe(2);

    const messages = await one<{
      id: string;
      body: string;
      ack: number;
      from_me: boolean;
      media_type: string;
      media_url: string | null;
      quoted_msg_id: string | null;
      remote_id: string;
      whatsapp_id: number;
    }>(
      `SELECT id, body, ack, from_me, media_type, media_url, quoted_msg_id, remote_id, whatsapp_id FROM messages
       WHERE company_id = $1 AND ticket_id = $2 ORDER BY created_at`,
      [companyId, tickets[1]!.id],
    );
    expect(messages.map((m) => [m.remote_id, m.media_type, m.ack, m.from_me])).toEqual([
      ["3EB0AAA1", "chat", 0, false],
      ["3EB0AAA2", "image", 0, false],
      ["3EB0AAA3", "chat", 3, true],
      ["3EB0AAA4", "application", 2, true],
    ]);
    expect(messages.every((m) => m.whatsapp_id === conn!.id)).toBe(true);
    // The photo quotes the first message, by its new id; its file is in Chat-flow's media store now.
    expect(messages[1]!.quoted_msg_id).toBe(messages[0]!.id);
    expect(messages[0]!.id).toBe(
      importedMessageId("old-whaticket", companyId, 1, "3EB0AAA1", new Date("2024-03-01T10:00:00Z")),
    );
    const key = mediaKeyOfUrl(companyId, messages[1]!.media_url!);
    expect(key).not.toBeNull();
    expect(await readFile(path.join(dir.path, "data", key!))).toEqual(PHOTO);
    // The PDF was not in the folder: the message came, without its file, and the report says so.
    expect(messages[3]!.media_url).toBeNull();
    expect(report.count("media files").skipped.get("media file not found in --media-dir")?.examples).toEqual([
      "1/3EB0AAA4",
    ]);

    // The quick answer is in the company's general list (the Yjs document and its projected row).
    expect(await one("SELECT shortcode, message FROM quick_messages WHERE company_id = $1", [companyId])).toEqual([
      { shortcode: "oi", message: "Olá! Como posso ajudar?" },
    ]);
    expect(await one("SELECT value FROM settings WHERE company_id = $1 AND key = 'userRating'", [companyId])).toEqual([
      { value: "enabled" },
    ]);
    expect(report.count("settings").skipped.get("Chat-flow has no such setting")?.examples).toEqual(["userCreation"]);
    // Devices already syncing rebuild their replicas (a fresh first pull), not pull every imported message.
    expect(
      await one("SELECT email, replica_version FROM users WHERE company_id = $1 ORDER BY email", [companyId]),
    ).toEqual([
      { email: "ana@example.com", replica_version: 1 },
      { email: "bruno@example.com", replica_version: 1 },
    ]);
    const logged = await one<{ entity: string }>("SELECT DISTINCT entity FROM change_log WHERE company_id = $1", [
      companyId,
    ]);
    expect(logged.map((l) => l.entity).sort()).toEqual(["lists", "users"]);
  });

  it("a second run finds everything imported and writes nothing new", async () => {
    const publicDir = path.join(dir.path, "public");
    const before = await targetCounts(target.pool);
    const { report, companies } = await run(publicDir);
    expect(companies[0]!.created).toBe(false);
    const after = await targetCounts(target.pool);
    expect({ ...after, change_log: 0, documents: 0 }).toEqual({ ...before, change_log: 0, documents: 0 });
    for (const kind of ["users", "queues", "connections", "contacts", "tickets", "messages", "quick messages"]) {
      expect(report.count(kind).imported, kind).toBe(0);
    }
    expect(report.count("messages").existing).toBe(5);
    expect(report.count("tickets").existing).toBe(2);
  });
});
