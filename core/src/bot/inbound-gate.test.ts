import { describe, expect, it } from "vitest";
import { defaultQueueSchedules, type QueueSchedule } from "../contract/queues.ts";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import { botState, buildBotConnection, contactWrites, newNumber } from "../testing/bot-factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { logTypes } from "../testing/tickets-factories.ts";

const core = coreForFile();
const pool = () => core.db.pool;

// 2026-11-23 is a Monday; São Paulo is UTC-3 all year. `local("2026-11-23 13:00")` is that wall-clock time there.
const local = (s: string) => new Date(`${s.replace(" ", "T")}:00-03:00`);

/** Monday 08:00-12:00 only: every other day is closed. */
const MONDAY_MORNING: QueueSchedule[] = defaultQueueSchedules()
  .filter((d) => d.weekdayEn === "monday")
  .map((d) => ({ ...d, startTimeB: "", endTimeB: "" }));

const setting = (companyId: number, key: string, value: string) =>
  pool().query(
    `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [companyId, key, value],
  );

/** A connection with two queues (so an open bot answers with its menu) and an out-of-hours text. */
async function connection() {
  const wa = await buildBotConnection(pool(), {
    greetingMessage: "Escolha:",
    queues: [
      { name: "Vendas", greetingMessage: "Vendas" },
      { name: "Suporte", greetingMessage: "Suporte" },
    ],
  });
  await pool().query("UPDATE whatsapps SET out_of_hours_message = $2 WHERE id = $1", [
    wa.whatsappId,
    "Fora do horário, {{firstName}}.",
  ]);
  return wa;
}

async function sent(ticketId: number): Promise<string[]> {
  const { rows } = await pool().query<{ body: string }>(
    "SELECT body FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id",
    [ticketId],
  );
  return rows.map((r) => r.body);
}

const ticket = async (id: number) =>
  (
    await pool().query<{ status: string; queue_id: number | null }>(
      "SELECT status, queue_id FROM tickets WHERE id = $1",
      [id],
    )
  ).rows[0]!;

describe("service hours: scheduleType company", () => {
  it("sends the connection's out-of-hours text once per closed period and keeps the bot away until it opens", async () => {
    const wa = await connection();
    await setting(wa.companyId, "scheduleType", "company");
    await pool().query("UPDATE companies SET schedules = $2 WHERE id = $1", [
      wa.companyId,
      JSON.stringify(MONDAY_MORNING),
    ]);
    const from = newNumber();
    const write = (at: string, body = "oi") => contactWrites(pool(), { ...wa, from, body, now: local(at) });

    const id = await write("2026-11-23 13:00");
    expect(await sent(id)).toEqual(["Fora do horário, Maria."]);
    expect(await ticket(id)).toEqual({ status: "pending", queue_id: null });
    expect((await botState(pool(), id)).bot_started).toBe(false);

    // Same closed period (Monday 12:01 to next Monday 08:00): nothing more, however many messages.
    await write("2026-11-23 18:00");
    await write("2026-11-26 10:00");
    expect(await sent(id)).toHaveLength(1);

    // Open again: the bot answers with its menu.
    await write("2026-11-30 09:00");
    expect(await sent(id)).toHaveLength(2);
    expect((await sent(id))[1]).toContain("Escolha:");

    // A new closed period: told once more.
    await write("2026-11-30 12:30");
    expect(await sent(id)).toEqual(expect.arrayContaining(["Fora do horário, Maria."]));
    expect((await sent(id)).filter((b) => b.startsWith("Fora"))).toHaveLength(2);
  });

  it("is always open with no hours set, and ignores the company's hours when scheduleType is disabled", async () => {
    const wa = await connection();
    await setting(wa.companyId, "scheduleType", "company");
    const id = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi", now: local("2026-11-23 23:00") });
    expect((await sent(id))[0]).toContain("Escolha:");

    const other = await connection();
    await setting(other.companyId, "scheduleType", "disabled");
    await pool().query("UPDATE companies SET schedules = $2 WHERE id = $1", [
      other.companyId,
      JSON.stringify(MONDAY_MORNING),
    ]);
    const id2 = await contactWrites(pool(), {
      ...other,
      from: newNumber(),
      body: "oi",
      now: local("2026-11-23 23:00"),
    });
    expect((await sent(id2))[0]).toContain("Escolha:");
  });
});

describe("service hours: scheduleType connection", () => {
  it("reads the connection's own hours", async () => {
    const wa = await connection();
    await setting(wa.companyId, "scheduleType", "connection");
    await pool().query("UPDATE whatsapps SET schedules = $2 WHERE id = $1", [
      wa.whatsappId,
      JSON.stringify(MONDAY_MORNING),
    ]);
    const closed = await contactWrites(pool(), {
      ...wa,
      from: newNumber(),
      body: "oi",
      now: local("2026-11-24 09:00"),
    });
    expect(await sent(closed)).toEqual(["Fora do horário, Maria."]);
    const open = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi", now: local("2026-11-23 09:00") });
    expect((await sent(open))[0]).toContain("Escolha:");
  });
});

describe("service hours: scheduleType queue", () => {
  it("tells a contact waiting in a closed queue once per closed period, not on every message", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Vendas", greetingMessage: "Bem-vindo" }] });
    await setting(wa.companyId, "scheduleType", "queue");
    await pool().query("UPDATE queues SET schedules = $2, out_of_hours_message = 'Vendas fechado' WHERE id = $1", [
      wa.queues[0]!.id,
      JSON.stringify(MONDAY_MORNING),
    ]);
    const from = newNumber();
    const write = (at: string) => contactWrites(pool(), { ...wa, from, body: "oi", now: local(at) });
    const id = await write("2026-11-23 13:00");
    expect(await sent(id)).toEqual(["Vendas fechado"]);
    await write("2026-11-23 14:00");
    await write("2026-11-27 14:00");
    expect(await sent(id)).toEqual(["Vendas fechado"]);
    // Open on Monday: the waiting ticket hears nothing (an agent will answer); closed again: told again.
    await write("2026-11-30 09:00");
    await write("2026-11-30 12:30");
    expect(await sent(id)).toEqual(["Vendas fechado", "Vendas fechado"]);
    expect((await ticket(id)).status).toBe("pending");
  });
});

describe("collective vacation", () => {
  it("answers with the vacation text once per ticket between the dates (both included), before the bot", async () => {
    const wa = await connection();
    await pool().query(
      `UPDATE whatsapps SET collective_vacation_message = 'Em férias coletivas', collective_vacation_start = '2026-12-20',
         collective_vacation_end = '2026-12-31' WHERE id = $1`,
      [wa.whatsappId],
    );
    const from = newNumber();
    const write = (at: string) => contactWrites(pool(), { ...wa, from, body: "oi", now: local(at) });
    const id = await write("2026-12-20 00:05");
    await write("2026-12-31 23:50");
    expect(await sent(id)).toEqual(["Em férias coletivas"]);
    expect((await botState(pool(), id)).bot_started).toBe(false);
    await write("2027-01-01 09:00");
    expect((await sent(id))[1]).toContain("Escolha:");
  });

  it("does nothing without a vacation message", async () => {
    const wa = await connection();
    await pool().query(
      "UPDATE whatsapps SET collective_vacation_start = '2026-12-20', collective_vacation_end = '2026-12-31' WHERE id = $1",
      [wa.whatsappId],
    );
    const id = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi", now: local("2026-12-22 10:00") });
    expect((await sent(id))[0]).toContain("Escolha:");
  });
});

describe("LGPD consent", () => {
  async function lgpdConnection(o: { deleteMessages?: boolean } = {}) {
    const wa = await connection();
    await setting(wa.companyId, "enableLGPD", "enabled");
    await setting(wa.companyId, "lgpdConsent", "enabled");
    await setting(wa.companyId, "lgpdMessage", "Usamos seus dados para atendê-lo.");
    await setting(wa.companyId, "lgpdLink", "https://example.com/privacidade");
    await setting(wa.companyId, "lgpdDeleteMessage", o.deleteMessages ? "enabled" : "disabled");
    return wa;
  }
  const REQUEST =
    "Usamos seus dados para atendê-lo.\n\nhttps://example.com/privacidade\n\n" +
    "Para continuar o atendimento, responda *1* para aceitar ou *2* para recusar.";
  const accepted = async (companyId: number, number: string) =>
    (
      await pool().query("SELECT lgpd_accepted_at FROM contacts WHERE company_id = $1 AND number = $2", [
        companyId,
        number,
      ])
    ).rows[0].lgpd_accepted_at as Date | null;

  it("asks a new contact, waits in status lgpd, and lets the bot start once the contact accepts", async () => {
    const wa = await lgpdConnection();
    const from = newNumber();
    const id = await contactWrites(pool(), { ...wa, from, body: "oi" });
    expect(await sent(id)).toEqual([REQUEST]);
    expect((await ticket(id)).status).toBe("lgpd");

    await contactWrites(pool(), { ...wa, from, body: "talvez" });
    expect(await sent(id)).toEqual([REQUEST, REQUEST]);
    expect(await accepted(wa.companyId, from)).toBeNull();

    await contactWrites(pool(), { ...wa, from, body: " 1 " });
    expect(await accepted(wa.companyId, from)).toBeInstanceOf(Date);
    expect((await ticket(id)).status).toBe("pending");
    // The bot starts as on a first message: the "1" is not taken as a menu choice.
    expect((await sent(id))[2]).toContain("Escolha:");
    expect((await botState(pool(), id)).queue_id).toBeNull();

    // A later conversation of the accepted contact skips the request.
    await pool().query("UPDATE tickets SET status = 'closed' WHERE id = $1", [id]);
    const next = await contactWrites(pool(), { ...wa, from, body: "oi de novo" });
    expect(next).not.toBe(id);
    expect((await sent(next))[0]).toContain("Escolha:");
  });

  it("closes the conversation on refusal, keeping the contact's messages unless lgpdDeleteMessage is on", async () => {
    const keep = await lgpdConnection();
    const from = newNumber();
    const id = await contactWrites(pool(), { ...keep, from, body: "meu cpf é 123" });
    await contactWrites(pool(), { ...keep, from, body: "2" });
    expect((await ticket(id)).status).toBe("closed");
    expect((await sent(id)).at(-1)).toContain("Você não aceitou os termos");
    expect(await logTypes(pool(), id)).toEqual(["create", "closed"]);
    expect(await accepted(keep.companyId, from)).toBeNull();
    const kept = await pool().query("SELECT body FROM messages WHERE ticket_id = $1 AND NOT from_me ORDER BY id", [id]);
    expect(kept.rows.map((r) => r.body)).toEqual(["meu cpf é 123", "2"]);

    const wipe = await lgpdConnection({ deleteMessages: true });
    const from2 = newNumber();
    const id2 = await contactWrites(pool(), { ...wipe, from: from2, body: "meu cpf é 123" });
    await contactWrites(pool(), { ...wipe, from: from2, body: "2" });
    const wiped = await pool().query("SELECT body FROM messages WHERE ticket_id = $1 AND NOT from_me", [id2]);
    expect(wiped.rows.map((r) => r.body)).toEqual(["🚫 _Mensagem apagada_", "🚫 _Mensagem apagada_"]);
    // A new message after the refusal opens a new conversation that asks again.
    const again = await contactWrites(pool(), { ...wipe, from: from2, body: "oi" });
    expect(again).not.toBe(id2);
    expect((await ticket(again)).status).toBe("lgpd");
  });

  it("releases a ticket waiting for consent once consent is switched off", async () => {
    const wa = await lgpdConnection();
    const from = newNumber();
    const id = await contactWrites(pool(), { ...wa, from, body: "oi" });
    expect((await ticket(id)).status).toBe("lgpd");
    await setting(wa.companyId, "enableLGPD", "disabled");
    await contactWrites(pool(), { ...wa, from, body: "olá?" });
    expect((await ticket(id)).status).toBe("pending");
    expect((await sent(id)).at(-1)).toContain("Escolha:");
  });

  it("does not ask when lgpdConsent is off", async () => {
    const wa = await lgpdConnection();
    await setting(wa.companyId, "lgpdConsent", "disabled");
    const id = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi" });
    expect((await ticket(id)).status).toBe("pending");
    expect((await sent(id))[0]).toContain("Escolha:");
  });
});

describe("the connection's LGPD labels (spec 2 §3 Connection; decision 0117)", () => {
  async function lgpdConnection() {
    const wa = await connection();
    await setting(wa.companyId, "enableLGPD", "enabled");
    await setting(wa.companyId, "lgpdConsent", "enabled");
    await setting(wa.companyId, "lgpdMessage", "Texto da empresa.");
    await setting(wa.companyId, "lgpdLink", "https://empresa.example/privacidade");
    return wa;
  }
  const CHOICE = "Para continuar o atendimento, responda *1* para aceitar ou *2* para recusar.";

  it("asks with the connection's own LGPD message and link over the company's, each on its own", async () => {
    const wa = await lgpdConnection();
    await pool().query("UPDATE whatsapps SET lgpd_message = $2, lgpd_link = $3 WHERE id = $1", [
      wa.whatsappId,
      "Nesta loja usamos seus dados só para o atendimento.",
      "https://loja.example/lgpd",
    ]);
    const id = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi" });
    expect(await sent(id)).toEqual([
      `Nesta loja usamos seus dados só para o atendimento.\n\nhttps://loja.example/lgpd\n\n${CHOICE}`,
    ]);
    // Only a link of its own (a blank message is no message): the company's message with the connection's link.
    await pool().query("UPDATE whatsapps SET lgpd_message = '  ' WHERE id = $1", [wa.whatsappId]);
    const next = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi" });
    expect(await sent(next)).toEqual([`Texto da empresa.\n\nhttps://loja.example/lgpd\n\n${CHOICE}`]);
  });

  it("with always confirm, asks again on every new ticket of a contact who accepted before, once per ticket", async () => {
    const wa = await lgpdConnection();
    const from = newNumber();
    const first = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await ticket(first)).status).toBe("pending");
    await pool().query("UPDATE tickets SET status = 'closed' WHERE id = $1", [first]);
    // Without always confirm the accepted contact is not asked again.
    const second = await contactWrites(pool(), { ...wa, from, body: "oi de novo" });
    expect((await ticket(second)).status).toBe("pending");
    await pool().query("UPDATE tickets SET status = 'closed' WHERE id = $1", [second]);

    await pool().query("UPDATE whatsapps SET lgpd_always_confirm = true WHERE id = $1", [wa.whatsappId]);
    const third = await contactWrites(pool(), { ...wa, from, body: "voltei" });
    expect(third).not.toBe(second);
    expect((await ticket(third)).status).toBe("lgpd");
    expect((await sent(third))[0]).toContain(CHOICE);
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await ticket(third)).status).toBe("pending");
    // Accepted on this ticket: its next messages go to the bot, not to the request.
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await sent(third)).filter((b) => b.includes(CHOICE))).toHaveLength(1);
    expect((await ticket(third)).status).toBe("pending");
  });

  it("with obfuscate deleted, a message the contact deletes loses its text, file and payload; otherwise it is only marked", async () => {
    const wa = await connection();
    const from = newNumber();
    const revoke = (remoteId: string) =>
      transaction(pool(), (client) =>
        ingest(client, [{ kind: "revoke", companyId: wa.companyId, whatsappId: wa.whatsappId, remoteId }]),
      );
    const row = async (remoteId: string) =>
      (
        await pool().query(
          "SELECT body, is_deleted, media_url, media_type, data_json FROM messages WHERE remote_id = $1",
          [remoteId],
        )
      ).rows[0];
    await contactWrites(pool(), { ...wa, from, body: "meu cpf é 123", remoteId: "wamid.keep-0117" });
    await revoke("wamid.keep-0117");
    expect(await row("wamid.keep-0117")).toMatchObject({ body: "meu cpf é 123", is_deleted: true });

    await pool().query("UPDATE whatsapps SET lgpd_obfuscate_deleted = true WHERE id = $1", [wa.whatsappId]);
    await contactWrites(pool(), { ...wa, from, body: "meu cartão é 4111", remoteId: "wamid.wipe-0117" });
    await pool().query(
      "UPDATE messages SET media_url = '/media/1/x.png', media_type = 'image', data_json = '{\"a\":1}' WHERE remote_id = $1",
      ["wamid.wipe-0117"],
    );
    await revoke("wamid.wipe-0117");
    expect(await row("wamid.wipe-0117")).toEqual({
      body: "🚫 _Mensagem apagada_",
      is_deleted: true,
      media_url: null,
      media_type: "chat",
      data_json: null,
    });
    // The change reaches the replicas: the PWA's copy loses the text too.
    const { rows } = await pool().query(
      `SELECT count(*)::int AS n FROM change_log c JOIN messages m ON m.id::text = c.entity_id
       WHERE c.entity = 'messages' AND m.remote_id = $1`,
      ["wamid.wipe-0117"],
    );
    expect(rows[0].n).toBeGreaterThan(1);
  });
});

describe("timeCreateNewTicket", () => {
  it("reopens the ticket closed within the minutes instead of opening a new one, and only then", async () => {
    const wa = await connection();
    await pool().query("UPDATE whatsapps SET time_create_new_ticket = 10 WHERE id = $1", [wa.whatsappId]);
    const from = newNumber();
    const first = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await pool().query("UPDATE tickets SET status = 'closed', closed_at = now() - interval '5 minutes' WHERE id = $1", [
      first,
    ]);
    const again = await contactWrites(pool(), { ...wa, from, body: "esqueci uma coisa" });
    expect(again).toBe(first);
    expect(await ticket(first)).toMatchObject({ status: "pending" });
    expect(await logTypes(pool(), first)).toContain("reopen");

    await pool().query(
      "UPDATE tickets SET status = 'closed', closed_at = now() - interval '11 minutes' WHERE id = $1",
      [first],
    );
    const fresh = await contactWrites(pool(), { ...wa, from, body: "oi de novo" });
    expect(fresh).not.toBe(first);
    expect((await ticket(first)).status).toBe("closed");
  });

  it("opens a new ticket when the setting is 0", async () => {
    const wa = await connection();
    const from = newNumber();
    const first = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await pool().query("UPDATE tickets SET status = 'closed', closed_at = now() WHERE id = $1", [first]);
    expect(await contactWrites(pool(), { ...wa, from, body: "oi" })).not.toBe(first);
  });
});

describe("queue position", () => {
  it("tells a contact entering a queue their place when sendQueuePosition is on", async () => {
    const wa = await connection();
    await setting(wa.companyId, "sendQueuePosition", "enabled");
    await setting(wa.companyId, "sendQueuePositionMessage", "Sua posição na fila é");
    const first = newNumber();
    const t1 = await contactWrites(pool(), { ...wa, from: first, body: "oi" });
    // The menu alone: the contact is not waiting in a queue yet.
    expect(await sent(t1)).toHaveLength(1);
    await contactWrites(pool(), { ...wa, from: first, body: "1" });
    expect((await sent(t1)).slice(1)).toEqual(["Vendas", "Sua posição na fila é *1*"]);
    const second = newNumber();
    const t2 = await contactWrites(pool(), { ...wa, from: second, body: "oi" });
    await contactWrites(pool(), { ...wa, from: second, body: "1" });
    expect((await sent(t2)).at(-1)).toBe("Sua posição na fila é *2*");
  });

  it("says nothing when sendQueuePosition is off", async () => {
    const wa = await connection();
    await setting(wa.companyId, "sendQueuePositionMessage", "Sua posição na fila é");
    const from = newNumber();
    const id = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await sent(id)).slice(1)).toEqual(["Vendas"]);
  });
});
