// npm run import:whaticket --company N from a Ticketz database (the SaaS fork: companyId everywhere): one source
// company into an existing Chat-flow company, the other source company left alone; tags on contacts and tickets,
// chatbot options, a Cloud API connection with its ids and token, media fetched by URL (a loopback HTTP server
// standing in for the old installation's public/ folder), schedules, and bad rows reported and skipped.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mediaKeyOfUrl } from "../../core/src/media/media-store.ts";
import { seedCompanySettings } from "../../core/src/settings/company-settings.ts";
import { closeServer, listenOnLoopback } from "../../core/src/testing/loopback-server.ts";
import { forFile, testDbForFile, tmpDirForFile } from "../../core/src/testing/test-world.ts";
import { importWhaticket } from "./import.ts";
import { sourceDbForFile, targetCounts } from "./testing.ts";

const target = testDbForFile();
const source = sourceDbForFile("ticketz-schema.sql");
const dir = tmpDirForFile("chatflow-ticketz-");

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
const OGG = Buffer.from("OggS fake audio");
const files: Record<string, Buffer> = { "/public/foto.jpg": JPEG, "/public/audio%20nota.ogg": OGG };
const oldServer = forFile(
  async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url!);
      const body = files[req.url!];
      res.writeHead(body ? 200 : 404).end(body ?? "not found");
    });
    return { server, requests, url: await listenOnLoopback(server) };
  },
  { stop: (s) => closeServer(s.server) },
);

const COMPANY = 7;

async function seed() {
  const db = target.pool;
  await db.query("INSERT INTO companies (id, name) VALUES ($1, 'Destino'), (8, 'Outra')", [COMPANY]);
  await seedCompanySettings(db, COMPANY);
  await db.query("INSERT INTO contacts (company_id, name, number) VALUES ($1, 'Eva (já aqui)', '5511999990002')", [
    COMPANY,
  ]);
  await db.query(
    "INSERT INTO users (company_id, name, email, password_hash) VALUES (8, 'Outro', 'taken@example.com', 'x')",
  );
  await db.query("INSERT INTO queues (company_id, name, color) VALUES ($1, 'Antiga', '#abcdef')", [COMPANY]);
  const q = (sql: string) => source.pool.query(sql);
  const t = "'2024-03-01T10:00:00Z'";
  await q(`INSERT INTO "Companies" ("id", "name", "createdAt", "updatedAt") VALUES (1, 'Empresa A', ${t}, ${t}),
           (2, 'Empresa B', ${t}, ${t})`);
  await q(`INSERT INTO "Users" ("id", "name", "email", "passwordHash", "profile", "companyId", "createdAt", "updatedAt")
           VALUES (1, 'Dora', 'dora@example.com', 'h', 'admin', 1, ${t}, ${t}),
                  (2, 'Tomada', 'taken@example.com', 'h', 'user', 1, ${t}, ${t}),
                  (3, 'Dora de novo', 'DORA@example.com', 'h', 'user', 1, ${t}, ${t}),
                  (4, 'De B', 'b@example.com', 'h', 'admin', 2, ${t}, ${t})`);
  await q(`INSERT INTO "Queues" ("id", "name", "color", "greetingMessage", "companyId", "schedules", "createdAt", "updatedAt")
           VALUES (1, 'Suporte', '#00ff00', 'Escolha uma opção', 1,
             '[{"weekday": "Segunda-feira", "weekdayEn": "monday", "startTime": "08:00", "endTime": "18:00"}]', ${t}, ${t}),
                  (2, 'Vendas', '#0000ff', NULL, 1, '[]', ${t}, ${t}),
                  (3, 'Fila de B', '#123456', NULL, 2, '[]', ${t}, ${t}),
                  (4, 'Pós-venda', '#abcdef', NULL, 1, '[]', ${t}, ${t})`);
  await q(`INSERT INTO "QueueOptions" ("id", "title", "message", "option", "queueId", "parentId", "forwardQueueId",
             "createdAt", "updatedAt") VALUES
           (1, 'Financeiro', 'Digite 1 para boletos', '1', 1, NULL, NULL, ${t}, ${t}),
           (2, 'Boletos', 'Segue o boleto', '1', 1, 1, NULL, ${t}, ${t}),
           (3, 'Falar com vendas', NULL, '2', 1, NULL, 2, ${t}, ${t})`);
  await q(`INSERT INTO "Whatsapps" ("id", "name", "status", "isDefault", "companyId", "channel", "token",
             "providerType", "phoneNumberId", "wabaId", "accessToken", "createdAt", "updatedAt") VALUES
           (1, 'Celular', 'CONNECTED', true, 1, 'whatsapp', 'tok-celular', 'web', NULL, NULL, NULL, ${t}, ${t}),
           (2, 'Oficial', 'CONNECTED', false, 1, 'whatsapp', NULL, 'cloud', '106540352242922', '102290129340398',
             'EAAGm0PX4ZCpsBAKZC', ${t}, ${t})`);
  await q(`INSERT INTO "WhatsappQueues" VALUES (2, 1, ${t}, ${t})`);
  await q(`INSERT INTO "Tags" ("id", "name", "color", "companyId", "kanban", "createdAt", "updatedAt") VALUES
           (1, 'VIP', '#aa00aa', 1, 0, ${t}, ${t}), (2, 'Lead', NULL, 1, 1, ${t}, ${t})`);
  await q(`INSERT INTO "Contacts" ("id", "name", "number", "companyId", "createdAt", "updatedAt") VALUES
           (1, 'Eva', '5511999990002', 1, ${t}, ${t}), (2, 'Fábio', '5511999990003', 1, ${t}, ${t}),
           (3, 'Sem número', '', 1, ${t}, ${t}), (4, 'De B', '5511999990009', 2, ${t}, ${t})`);
  await q(`INSERT INTO "ContactTags" VALUES (2, 1, ${t}, ${t})`);
  await q(`INSERT INTO "Tickets" ("id", "status", "contactId", "userId", "whatsappId", "queueId", "companyId",
             "lastMessage", "createdAt", "updatedAt") VALUES
           (1, 'open', 2, 1, 2, 1, 1, 'nota', '2024-03-01T10:00:00Z', '2024-03-01T10:03:00Z'),
           (2, 'pending', 3, NULL, 1, NULL, 1, '', ${t}, ${t}),
           (3, 'open', 2, NULL, 2, NULL, 1, 'repetida', '2024-03-02T10:00:00Z', '2024-03-02T10:00:00Z'),
           (4, 'open', 4, 4, NULL, 3, 2, '', ${t}, ${t}),
           (5, 'open', 1, 1, 1, NULL, 1, 'oi', ${t}, ${t})`);
  await q(`INSERT INTO "TicketTags" VALUES (1, 1, ${t}, ${t}), (1, 2, ${t}, ${t})`);
  const url = oldServer.url;
  await q(`INSERT INTO "Messages" ("id", "ticketId", "body", "ack", "read", "mediaType", "mediaUrl", "fromMe",
             "contactId", "quotedMsgId", "companyId", "dataJson", "createdAt", "updatedAt") VALUES
           ('wamid.A1', 1, 'Bom dia', 0, true, 'conversation', NULL, false, 2, NULL, 1, '{"key":{"id":"wamid.A1"}}', '2024-03-01T10:00:00Z', '2024-03-01T10:00:00Z'),
           ('wamid.A2', 1, 'foto', 0, true, 'image', '${url}/public/foto.jpg', false, 2, 'wamid.A1', 1, 'not json', '2024-03-01T10:01:00Z', '2024-03-01T10:01:00Z'),
           ('wamid.A3', 1, 'nota', 3, true, 'audio', 'audio nota.ogg', true, NULL, 'wamid.ZZ', 1, NULL, '2024-03-01T10:03:00Z', '2024-03-01T10:03:00Z'),
           ('wamid.A1', 3, 'Bom dia', 0, true, 'conversation', NULL, false, 2, NULL, 1, NULL, '2024-03-02T10:00:00Z', '2024-03-02T10:00:00Z'),
           ('wamid.B1', 2, 'sem contato', 0, true, 'conversation', NULL, false, 3, NULL, 1, NULL, ${t}, ${t}),
           ('wamid.C1', 4, 'de B', 0, true, 'conversation', NULL, false, 4, NULL, 2, NULL, ${t}, ${t})`);
  await q(`INSERT INTO "QuickMessages" ("shortcode", "message", "companyId", "userId", "createdAt", "updatedAt")
           VALUES ('boleto', 'Segue o boleto', 1, 1, ${t}, ${t}), ('b', 'de B', 2, 4, ${t}, ${t})`);
  await q(`INSERT INTO "Schedules" ("id", "body", "sendAt", "sentAt", "contactId", "userId", "companyId", "status",
             "createdAt", "updatedAt") VALUES
           (1, 'Lembrete', '2099-01-01T12:00:00Z', NULL, 2, 1, 1, 'PENDENTE', ${t}, ${t}),
           (2, 'Atrasado', '2024-01-01T12:00:00Z', NULL, 2, 1, 1, 'PENDENTE', ${t}, ${t}),
           (3, 'Enviado', '2024-01-01T12:00:00Z', '2024-01-01T12:00:05Z', 1, 1, 1, 'ENVIADA', ${t}, ${t})`);
  await q(`INSERT INTO "Settings" ("key", "value", "companyId", "createdAt", "updatedAt") VALUES
           ('userRating', 'enabled', 1, ${t}, ${t}), ('chatBotType', 'nenhum', 1, ${t}, ${t}),
           ('userRating', 'disabled', 2, ${t}, ${t})`);
}

const run = (dryRun = false) =>
  importWhaticket(target.pool, {
    from: source.url,
    companyId: COMPANY,
    sourceCompanyId: 1,
    dryRun,
    media: {
      dir: null,
      baseUrl: `${oldServer.url}/public/`,
      dataDir: path.join(dir.path, "data"),
      maxBytes: 10_000_000,
    },
  });

const rows = async <T>(sql: string, values: unknown[] = [COMPANY]) =>
  (await target.pool.query(sql, values)).rows as T[];

describe("npm run import:whaticket --company from Ticketz", () => {
  it("a dry run reports what would come and what cannot, fetches nothing and writes nothing", async () => {
    await seed();
    const before = await targetCounts(target.pool);
    const { report, saas } = await run(true);
    expect(saas).toBe(true);
    expect(await targetCounts(target.pool)).toEqual(before);
    expect(oldServer.requests).toEqual([]);
    expect(report.count("tickets").imported).toBe(3);
    expect(report.count("contacts").skipped.get("no number")?.examples).toEqual(["3"]);
    const lines = report.lines(true);
    expect(lines).toContain("messages: would import 3, 2 cannot be imported");
    expect(lines).toContain("users: would import 1, 1 linked to existing ones, 1 cannot be imported");
  });

  it("imports source company 1 into Chat-flow company 7 with tags, chatbot, Cloud API connection, media and schedules", async () => {
    const { report } = await run();
    // Users: one in, and one whose e-mail differs only in case linked to it; one whose e-mail a user of another
    // company has is left out.
    expect(await rows("SELECT email FROM users WHERE company_id = $1")).toEqual([{ email: "dora@example.com" }]);
    expect(report.count("users").linked).toBe(1);
    expect(
      report.count("users").skipped.get("e-mail already used by a user of another Chat-flow company")?.examples,
    ).toEqual(["2"]);
    // A queue whose colour a queue of this company already has breaks a unique key: that row alone is skipped.
    expect(report.count("queues").skipped.get("another queue already has this colour")?.examples).toEqual(["4"]);
    // Nothing of source company 2.
    expect(await rows("SELECT count(*)::int AS n FROM queues WHERE name = 'Fila de B'", [])).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*)::int AS n FROM messages WHERE body = 'de B'", [])).toEqual([{ n: 0 }]);

    const queues = await rows<{ id: number; name: string; schedules: unknown }>(
      "SELECT id, name, schedules FROM queues WHERE company_id = $1 ORDER BY name",
    );
    expect(queues.map((q) => q.name)).toEqual(["Antiga", "Suporte", "Vendas"]);
    expect(queues[1]!.schedules).toEqual([
      {
        weekday: "Segunda-feira",
        weekdayEn: "monday",
        startTimeA: "08:00",
        endTimeA: "18:00",
        startTimeB: "",
        endTimeB: "",
      },
    ]);
    const bots = await rows<{ name: string; parent: string | null; queue_type: string; opt_queue: string | null }>(
      `SELECT c.name, p.name AS parent, c.queue_type, q.name AS opt_queue FROM chatbots c
       LEFT JOIN chatbots p ON p.id = c.chatbot_id LEFT JOIN queues q ON q.id = c.opt_queue_id
       WHERE c.company_id = $1 ORDER BY c.id`,
    );
    expect(bots).toEqual([
      { name: "Financeiro", parent: null, queue_type: "text", opt_queue: null },
      { name: "Falar com vendas", parent: null, queue_type: "queue", opt_queue: "Vendas" },
      { name: "Boletos", parent: "Financeiro", queue_type: "text", opt_queue: null },
    ]);

    const conns = await rows<Record<string, unknown>>(
      `SELECT name, channel, status, token, phone_number_id, access_token, business_account_id FROM whatsapps
       WHERE company_id = $1 ORDER BY name`,
    );
    expect(conns[0]).toMatchObject({
      name: "Celular",
      channel: "whatsapp",
      status: "DISCONNECTED",
      token: "tok-celular",
    });
    expect(conns[1]).toMatchObject({
      name: "Oficial",
      channel: "whatsappapi",
      phone_number_id: "106540352242922",
      access_token: "EAAGm0PX4ZCpsBAKZC",
      business_account_id: "102290129340398",
    });

    // Eva was already a contact here: linked, not doubled. Fábio came with his tag.
    expect(await rows("SELECT count(*)::int AS n FROM contacts WHERE company_id = $1")).toEqual([{ n: 2 }]);
    expect(report.count("contacts").linked).toBe(1);
    expect(
      await rows(
        `SELECT c.name, t.name AS tag FROM contact_tags ct JOIN contacts c ON c.id = ct.contact_id
         JOIN tags t ON t.id = ct.tag_id WHERE ct.company_id = $1`,
      ),
    ).toEqual([{ name: "Fábio", tag: "VIP" }]);

    const tickets = await rows<{
      id: number;
      status: string;
      last_message: string;
      tags: string[] | null;
      conn: string;
    }>(
      `SELECT t.id, t.status, t.last_message, w.name AS conn,
         (SELECT array_agg(g.name ORDER BY g.name) FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id) AS tags
       FROM tickets t JOIN whatsapps w ON w.id = t.whatsapp_id WHERE t.company_id = $1 ORDER BY t.created_at, t.id`,
    );
    expect(tickets.map((t) => [t.last_message, t.status, t.conn, t.tags])).toEqual([
      ["nota", "open", "Oficial", ["Lead", "VIP"]],
      ["oi", "open", "Celular", null],
      ["repetida", "closed", "Oficial", null],
    ]);
    expect(report.count("tickets").skipped.get("its contact was not imported")?.examples).toEqual(["2"]);
    expect(
      report.count("tickets").notes.get("imported closed: the contact already had an open ticket on that connection"),
    ).toBe(1);

    const messages = await rows<{
      id: string;
      remote_id: string;
      media_type: string;
      media_url: string | null;
      quoted_msg_id: string | null;
      data_json: unknown;
    }>(
      `SELECT id, remote_id, media_type, media_url, quoted_msg_id, data_json FROM messages
       WHERE company_id = $1 ORDER BY created_at`,
    );
    expect(messages.map((m) => [m.remote_id, m.media_type])).toEqual([
      ["wamid.A1", "chat"],
      ["wamid.A2", "image"],
      ["wamid.A3", "audio"],
    ]);
    expect(messages[0]!.data_json).toEqual({ key: { id: "wamid.A1" } });
    expect(messages[1]!.data_json).toBeNull();
    expect(messages[1]!.quoted_msg_id).toBe(messages[0]!.id);
    expect(messages[2]!.quoted_msg_id).toBeNull();
    for (const [m, bytes] of [
      [messages[1]!, JPEG],
      [messages[2]!, OGG],
    ] as const) {
      expect(await readFile(path.join(dir.path, "data", mediaKeyOfUrl(COMPANY, m.media_url!)!))).toEqual(bytes);
    }
    expect(oldServer.requests.sort()).toEqual(["/public/audio%20nota.ogg", "/public/foto.jpg"]);
    const skipped = report.count("messages").skipped;
    expect(skipped.get("its ticket was not imported")?.examples).toEqual(["2/wamid.B1"]);
    expect(skipped.get("the same WhatsApp message is already stored on this connection")?.examples).toEqual([
      "3/wamid.A1",
    ]);

    expect(await rows("SELECT shortcode FROM quick_messages WHERE company_id = $1")).toEqual([{ shortcode: "boleto" }]);
    expect(
      await rows(
        "SELECT body, status, last_error IS NOT NULL AS failed FROM schedules WHERE company_id = $1 ORDER BY id",
      ),
    ).toEqual([
      { body: "Lembrete", status: "PENDENTE", failed: false },
      { body: "Atrasado", status: "ERRO", failed: true },
      { body: "Enviado", status: "ENVIADA", failed: false },
    ]);
    expect(
      await rows(
        "SELECT key, value FROM settings WHERE company_id = $1 AND key IN ('userRating', 'chatBotType') ORDER BY key",
      ),
    ).toEqual([
      { key: "chatBotType", value: "text" },
      { key: "userRating", value: "enabled" },
    ]);
    expect([...report.count("settings").skipped.keys()]).toEqual([expect.stringMatching(/^value not accepted/)]);
  });

  it("a second run imports nothing twice and fetches no media again", async () => {
    const before = await targetCounts(target.pool);
    const fetched = oldServer.requests.length;
    const { report } = await run();
    const after = await targetCounts(target.pool);
    expect({ ...after, change_log: 0 }).toEqual({ ...before, change_log: 0 });
    expect(oldServer.requests.length).toBe(fetched);
    expect(report.count("messages").existing).toBe(3);
    expect(report.count("messages").imported).toBe(0);
    expect(report.count("schedules").existing).toBe(3);
  });
});
