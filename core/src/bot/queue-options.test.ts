import { describe, expect, it } from "vitest";
import { WEEKDAYS } from "../contract/queues.ts";
import {
  botState,
  buildBotConnection,
  buildOptions,
  contactWrites,
  newNumber,
  setQueueHours,
} from "../testing/bot-factories.ts";
import { buildQueue, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { logTypes } from "../testing/tickets-factories.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const pool = () => core.db.pool;

/** Bodies the bot queued on the ticket, oldest first. */
async function said(ticketId: number): Promise<string[]> {
  const { rows } = await pool().query<{ body: string }>(
    "SELECT body FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id",
    [ticketId],
  );
  return rows.map((r) => r.body);
}

async function ticketRow(ticketId: number) {
  const { rows } = await pool().query(
    `SELECT queue_id, user_id, status, is_bot, queue_option_id, closed_at IS NOT NULL AS closed FROM tickets WHERE id = $1`,
    [ticketId],
  );
  return rows[0];
}

/** A connection whose only queue 'Atendimento' has a two-level tree. */
async function twoLevels() {
  const wa = await buildBotConnection(pool(), {
    queues: [{ name: "Atendimento", greetingMessage: "Olá {{firstName}}, bem-vinda ao {{queue}}." }],
  });
  const queueId = wa.queues[0]!.id;
  const ids = await buildOptions(pool(), {
    companyId: wa.companyId,
    queueId,
    options: [
      {
        name: "Planos",
        greetingMessage: "Qual plano?",
        options: [
          { name: "Mensal", greetingMessage: "O mensal custa R$ 10." },
          { name: "Anual", greetingMessage: "O anual custa R$ 100." },
        ],
      },
      { name: "Suporte", greetingMessage: "Descreva o problema." },
    ],
  });
  return { ...wa, queueId, ids };
}

const ROOT_MENU = "*[ 1 ]* - Planos\n*[ 2 ]* - Suporte";
const PLAN_MENU = "*[ 1 ]* - Mensal\n*[ 2 ]* - Anual";

describe("queue bot: the queue's option tree", () => {
  it("walks the tree level by level and lets go at a leaf", async () => {
    const wa = await twoLevels();
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    expect(await said(ticketId)).toEqual([`Olá Maria, bem-vinda ao Atendimento.\n\n${ROOT_MENU}`]);
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: wa.queueId, is_bot: true, queue_option_id: null });
    expect(await logTypes(pool(), ticketId)).toEqual(["create", "queue", "chatBot"]);

    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe(`Qual plano?\n\n${PLAN_MENU}`);
    expect(await ticketRow(ticketId)).toMatchObject({ is_bot: true, queue_option_id: wa.ids.get("Planos") });

    await contactWrites(pool(), { ...wa, from, body: "2" });
    expect((await said(ticketId)).at(-1)).toBe("O anual custa R$ 100.");
    expect(await ticketRow(ticketId)).toMatchObject({
      queue_id: wa.queueId,
      status: "pending",
      is_bot: false,
      queue_option_id: null,
    });
    // Done: the ticket waits in its queue for an agent.
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect(await said(ticketId)).toHaveLength(3);
  });

  it("walks the chosen queue's tree after the first-level menu", async () => {
    const wa = await buildBotConnection(pool(), {
      greetingMessage: "Escolha:",
      queues: [
        { name: "Vendas", orderQueue: 1, greetingMessage: "Vendas aqui." },
        { name: "Outra", orderQueue: 2, greetingMessage: "Outra fila." },
      ],
    });
    const vendas = wa.queues[0]!.id;
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: vendas,
      options: [
        { name: "Produtos", greetingMessage: "Veja o catálogo." },
        { name: "Orçamento", greetingMessage: "Envie a lista." },
      ],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe("Vendas aqui.\n\n*[ 1 ]* - Produtos\n*[ 2 ]* - Orçamento");
    await contactWrites(pool(), { ...wa, from, body: "2" });
    expect((await said(ticketId)).at(-1)).toBe("Envie a lista.");
    // One chatBot entry: the bot started once, at the first menu.
    expect(await logTypes(pool(), ticketId)).toEqual(["create", "chatBot", "queue"]);
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: vendas, is_bot: false });
  });

  it("picks a lone option by itself, down the tree", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Única", greetingMessage: "Bem-vindo." }] });
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [
        {
          name: "Entrada",
          greetingMessage: "Vamos lá.",
          options: [
            { name: "Primeira", greetingMessage: "Você quer A?" },
            { name: "Segunda", greetingMessage: "Você quer B?" },
          ],
        },
      ],
    });
    const ticketId = await contactWrites(pool(), { ...wa, from: newNumber(), body: "oi" });
    expect(await said(ticketId)).toEqual(["Bem-vindo.", "Vamos lá.\n\n*[ 1 ]* - Primeira\n*[ 2 ]* - Segunda"]);
    expect(await ticketRow(ticketId)).toMatchObject({ is_bot: true });
  });

  it("goes no further at an option without a greeting", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Mudo", greetingMessage: "Oi." }] });
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [
        { name: "Silenciosa", options: [{ name: "Nunca vista", greetingMessage: "nunca" }, { name: "Outra nunca" }] },
        { name: "Falante", greetingMessage: "Falo." },
      ],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect(await said(ticketId)).toHaveLength(1);
    expect(await ticketRow(ticketId)).toMatchObject({ is_bot: false, queue_option_id: null });
  });

  it("repeats the current level for other answers up to maxUseBotQueues, then stays silent", async () => {
    const wa = await twoLevels();
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    for (const body of ["talvez", "9"]) await contactWrites(pool(), { ...wa, from, body });
    const bodies = await said(ticketId);
    expect(bodies.slice(1)).toEqual([
      `Qual plano?\n\n${PLAN_MENU}`,
      `Qual plano?\n\n${PLAN_MENU}`,
      `Qual plano?\n\n${PLAN_MENU}`,
    ]);
    await contactWrites(pool(), { ...wa, from, body: "de novo?" });
    expect(await said(ticketId)).toHaveLength(4);
    expect((await botState(pool(), ticketId)).amount_used_bot_queues).toBe(3);
    // The level still stands for a valid number.
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe("O mensal custa R$ 10.");
  });
});

describe("queue bot: option types", () => {
  async function typed(spec: Parameters<typeof buildOptions>[1]["options"][number], extra?: { companyId: number }) {
    const wa = await buildBotConnection(pool(), {
      queues: [{ name: "Triagem", greetingMessage: "Triagem." }],
      ...extra,
    });
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [spec, { name: "Nada", greetingMessage: "Nada." }],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    return { wa, from, ticketId };
  }

  it("queue: moves the ticket to the option's queue and logs it", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Triagem", greetingMessage: "Triagem." }] });
    const target = await buildQueue(pool(), { companyId: wa.companyId, name: "Financeiro" });
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [
        { name: "Boletos", greetingMessage: "Vou te passar ao financeiro.", queueType: "queue", optQueueId: target.id },
        { name: "Nada", greetingMessage: "Nada." },
      ],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe("Vou te passar ao financeiro.");
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: target.id, is_bot: false, status: "pending" });
    const { rows } = await pool().query("SELECT type, queue_id FROM ticket_logs WHERE ticket_id = $1 ORDER BY id", [
      ticketId,
    ]);
    expect(rows.at(-1)).toEqual({ type: "queue", queue_id: target.id });
  });

  it("attendent: gives the ticket to the option's agent in the option's queue", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Triagem", greetingMessage: "Triagem." }] });
    const agent = await buildUser(pool(), { companyId: wa.companyId, name: "Joana" });
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [
        {
          name: "Falar com a Joana",
          greetingMessage: "A Joana já vem.",
          queueType: "attendent",
          optQueueId: wa.queues[0]!.id,
          optUserId: agent.id,
        },
        { name: "Nada", greetingMessage: "Nada." },
      ],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect(await ticketRow(ticketId)).toMatchObject({ user_id: agent.id, status: "open", is_bot: false });
    const { rows } = await pool().query("SELECT type, user_id FROM ticket_logs WHERE ticket_id = $1 ORDER BY id", [
      ticketId,
    ]);
    expect(rows.at(-1)).toEqual({ type: "transfered", user_id: agent.id });
    expect((await said(ticketId)).at(-1)).toBe("A Joana já vem.");
  });

  it("closeTicket: sends the option's text and closes the ticket", async () => {
    const { wa, from, ticketId } = await typed({
      name: "Só isso",
      greetingMessage: "Obrigado, até logo.",
      closeTicket: true,
    });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe("Obrigado, até logo.");
    expect(await ticketRow(ticketId)).toMatchObject({ status: "closed", closed: true, is_bot: false });
    expect((await logTypes(pool(), ticketId)).at(-1)).toBe("closed");
  });

  it("integration: sends the option's text and leaves the ticket waiting in its queue", async () => {
    const { wa, from, ticketId } = await typed({
      name: "Catálogo",
      greetingMessage: "Segue o catálogo.",
      queueType: "integration",
    });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect((await said(ticketId)).at(-1)).toBe("Segue o catálogo.");
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: wa.queues[0]!.id, status: "pending", is_bot: false });
  });

  it("file: sends the option's text, the list's message and each file as media, then waits in its queue", async () => {
    const wa = await buildBotConnection(pool(), { queues: [{ name: "Triagem", greetingMessage: "Triagem." }] });
    const files = [
      { name: "tabela.pdf", path: `/media/${wa.companyId}/0190-tabela.pdf`, mediaType: "application" },
      { name: "foto_da_loja", path: `/media/${wa.companyId}/0191-foto.png`, mediaType: "image" },
    ];
    const { rows } = await pool().query<{ id: number }>(
      `INSERT INTO file_lists (company_id, name, message, options) VALUES ($1, 'Catálogo', 'Olá {{firstName}}, o material:', $2)
       RETURNING id`,
      [wa.companyId, JSON.stringify(files)],
    );
    const other = await buildBotConnection(pool(), { queues: [{ name: "Outra" }] });
    const { rows: theirs } = await pool().query<{ id: number }>(
      `INSERT INTO file_lists (company_id, name, message, options) VALUES ($1, 'Alheia', 'segredo', $2) RETURNING id`,
      [other.companyId, JSON.stringify(files)],
    );
    await buildOptions(pool(), {
      companyId: wa.companyId,
      queueId: wa.queues[0]!.id,
      options: [
        { name: "Catálogo", greetingMessage: "Segue o catálogo.", queueType: "file", optFileId: rows[0]!.id },
        { name: "Alheia", greetingMessage: "Outra lista.", queueType: "file", optFileId: theirs[0]!.id },
      ],
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    const { rows: sent } = await pool().query(
      `SELECT body, media_type, media_url, send_state FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id`,
      [ticketId],
    );
    expect(sent.slice(1)).toEqual([
      { body: "Segue o catálogo.", media_type: "chat", media_url: null, send_state: "queued" },
      { body: "Olá Maria, o material:", media_type: "chat", media_url: null, send_state: "queued" },
      { body: "tabela.pdf", media_type: "application", media_url: files[0]!.path, send_state: "queued" },
      { body: "foto_da_loja", media_type: "image", media_url: files[1]!.path, send_state: "queued" },
    ]);
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: wa.queues[0]!.id, status: "pending", is_bot: false });

    // Another company's list id names nothing here: only the option's text goes out.
    const from2 = newNumber();
    const t2 = await contactWrites(pool(), { ...wa, from: from2, body: "oi" });
    await contactWrites(pool(), { ...wa, from: from2, body: "2" });
    expect((await said(t2)).slice(1)).toEqual(["Outra lista."]);
  });
});

const ALL_DAY = WEEKDAYS.map((d) => ({ ...d, startTimeA: "00:00", endTimeA: "23:59", startTimeB: "", endTimeB: "" }));
const NEVER = WEEKDAYS.map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));

describe("queue bot: service hours (scheduleType queue)", () => {
  it("outside the queue's hours sends the out-of-hours message instead of the greeting and the options", async () => {
    const wa = await twoLevels();
    await setQueueHours(pool(), {
      ...wa,
      scheduleType: "queue",
      outOfHoursMessage: "Estamos fechados, {{firstName}}.",
      schedules: NEVER,
    });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    expect(await said(ticketId)).toEqual(["Estamos fechados, Maria."]);
    expect(await ticketRow(ticketId)).toMatchObject({ queue_id: wa.queueId, is_bot: false });
  });

  it("inside the hours walks the tree; with another scheduleType the queue's hours are not used", async () => {
    const open = await twoLevels();
    await setQueueHours(pool(), { ...open, scheduleType: "queue", outOfHoursMessage: "Fechado.", schedules: ALL_DAY });
    const t1 = await contactWrites(pool(), { ...open, from: newNumber(), body: "oi" });
    expect((await said(t1))[0]).toContain(ROOT_MENU);

    const ignored = await twoLevels();
    await setQueueHours(pool(), {
      ...ignored,
      scheduleType: "disabled",
      outOfHoursMessage: "Fechado.",
      schedules: NEVER,
    });
    const t2 = await contactWrites(pool(), { ...ignored, from: newNumber(), body: "oi" });
    expect((await said(t2))[0]).toContain(ROOT_MENU);
  });
});

describe("queue bot: an agent takes over", () => {
  it("stops walking the tree once an agent accepts, also after the ticket returns to the queue", async () => {
    const wa = await twoLevels();
    const agent = await signedIn(core, { companyId: wa.companyId, profile: "admin" });
    const from = newNumber();
    const ticketId = await contactWrites(pool(), { ...wa, from, body: "oi" });
    expect(await ticketRow(ticketId)).toMatchObject({ is_bot: true });
    const login = { body: { token: agent.token } };
    const accept = await core.api("PUT", `/tickets/${ticketId}`, {
      token: login.body.token,
      body: { status: "open", userId: agent.id, queueId: wa.queueId },
    });
    expect(accept.status).toBe(200);
    expect(await ticketRow(ticketId)).toMatchObject({ is_bot: false, queue_option_id: null });
    const back = await core.api("PUT", `/tickets/${ticketId}`, {
      token: login.body.token,
      body: { status: "pending" },
    });
    expect(back.status).toBe(200);
    expect(await ticketRow(ticketId)).toMatchObject({ status: "pending", user_id: null, queue_id: wa.queueId });
    await contactWrites(pool(), { ...wa, from, body: "1" });
    expect(await said(ticketId)).toHaveLength(1);
  });
});
