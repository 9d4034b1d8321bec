// The runtime of queue integrations and prompts (decision 0056) against loopback stand-ins: the inbound path only
// leaves steps; the worker's delivery posts signed webhooks with backoff, talks to Typebot (keywords, unknown
// answers, delays) and OpenAI (history limit, hand-over), and sends each step's messages exactly once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HANDOVER_ACTION } from "../contract/prompts.ts";
import { buildBotConnection, buildOptions, contactWrites, newNumber } from "../testing/bot-factories.ts";
import { buildUser } from "../testing/factories.ts";
import {
  startFakeDialogflow,
  startFakeSpeech,
  startFakeTypebot,
  startFakeWebhookReceiver,
} from "../testing/fake-integrations.ts";
import { startFakeOpenAi } from "../testing/fake-openai.ts";
import { forFile, testDbForFile, tmpDirForFile } from "../testing/test-world.ts";
import { deliverIntegrationSteps, type IntegrationRuntimeConfig } from "./deliver-integration-steps.ts";
import { isPrivateAddress } from "./outbound-http.ts";
import { signPayload } from "./webhook-step.ts";

const db = testDbForFile();
// The outside services, each a loopback stand-in for the file's tests.
const receiver = forFile(() => startFakeWebhookReceiver(), { stop: (f) => f.close() });
const typebot = forFile(() => startFakeTypebot(), { stop: (f) => f.close() });
const openai = forFile(() => startFakeOpenAi(), { stop: (f) => f.close() });
const dialogflow = forFile(() => startFakeDialogflow(), { stop: (f) => f.close() });
const speech = forFile(() => startFakeSpeech(), { stop: (f) => f.close() });
const media = tmpDirForFile("integration-media");

const config = (o: Partial<IntegrationRuntimeConfig> = {}): IntegrationRuntimeConfig => ({
  allowPrivateTargets: true,
  openaiBaseUrl: openai.url,
  dialogflowBaseUrl: dialogflow.url,
  ttsBaseUrl: speech.url,
  dataDir: media.path,
  timeoutMs: 5000,
  backoffBaseMs: 10_000,
  maxAttempts: 4,
  ...o,
});
const deliver = (now = new Date(), o: Partial<IntegrationRuntimeConfig> = {}) =>
  deliverIntegrationSteps(db.pool, config(o), { now });
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/** A company whose one queue has `integration` (a row of queue_integrations) attached. */
async function queueWith(integration: Record<string, unknown>) {
  const wa = await buildBotConnection(db.pool, { queues: [{ name: "Atendimento" }] });
  const cols = Object.keys(integration);
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO queue_integrations (company_id, signing_secret, ${cols.join(", ")})
     VALUES ($1, 'segredo-de-teste', ${cols.map((_, i) => `$${i + 2}`).join(", ")}) RETURNING id`,
    [wa.companyId, ...Object.values(integration)],
  );
  await db.pool.query("UPDATE queues SET integration_id = $2 WHERE id = $1", [wa.queues[0]!.id, rows[0]!.id]);
  return { ...wa, integrationId: rows[0]!.id };
}

async function sent(ticketId: number): Promise<string[]> {
  const { rows } = await db.pool.query<{ body: string }>(
    "SELECT body FROM messages WHERE ticket_id = $1 AND from_me ORDER BY created_at, id",
    [ticketId],
  );
  return rows.map((r) => r.body);
}

async function steps(ticketId: number) {
  const { rows } = await db.pool.query<{ kind: string; state: string; attempts: number; next_attempt_at: Date }>(
    "SELECT kind, state, attempts, next_attempt_at FROM integration_steps WHERE ticket_id = $1 ORDER BY id",
    [ticketId],
  );
  return rows;
}

describe("webhook and n8n", () => {
  it("posts the conversation event off the inbound path, signed, and retries with backoff", async () => {
    const wa = await queueWith({ type: "webhook", name: "CRM", url_n8n: receiver.url });
    receiver.statuses.push(500, 503);
    receiver.received.length = 0;
    const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "quero um orçamento" });
    // The inbound path called nobody: the step waits for the worker.
    expect(receiver.received).toEqual([]);
    expect((await steps(ticketId)).map((s) => [s.kind, s.state])).toEqual([["webhook", "pending"]]);

    const t0 = new Date(Date.now() + 1000);
    await deliver(t0);
    let [step] = await steps(ticketId);
    expect([step!.state, step!.attempts, step!.next_attempt_at.getTime()]).toEqual([
      "pending",
      1,
      t0.getTime() + 10_000,
    ]);
    await deliver(at(t0, 9_000)); // not due yet
    expect(receiver.received).toHaveLength(1);
    await deliver(at(t0, 10_000));
    [step] = await steps(ticketId);
    expect([step!.attempts, step!.next_attempt_at.getTime()]).toEqual([2, t0.getTime() + 30_000]);
    await deliver(at(t0, 30_000));
    [step] = await steps(ticketId);
    expect(step!.state).toBe("done");

    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers["x-chatflow-event-id"]));
    expect(ids.size).toBe(1);
    for (const post of receiver.received) {
      const ts = String(post.headers["x-chatflow-timestamp"]);
      expect(post.headers["x-chatflow-signature"]).toBe(signPayload("segredo-de-teste", ts, post.body));
    }
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: "message.received",
      ticket: { id: ticketId, queueId: wa.queues[0]!.id },
      contact: { name: "Maria Souza" },
      message: { body: "quero um orçamento" },
      integration: { type: "webhook", name: "CRM" },
    });
    // A webhook only listens: the contact got nothing from it.
    expect(await sent(ticketId)).toEqual([]);
  });

  it("refuses loopback and private targets unless the configuration allows them", async () => {
    expect(
      ["127.0.0.1", "10.1.2.3", "192.168.0.5", "169.254.169.254", "::1", "::ffff:127.0.0.1", "fd00::1"].map(
        isPrivateAddress,
      ),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(["8.8.8.8", "2606:4700::1111"].map(isPrivateAddress)).toEqual([false, false]);
    receiver.received.length = 0;
    const byName = receiver.url.replace("127.0.0.1", "localhost");
    for (const url of [receiver.url, byName]) {
      const wa = await queueWith({ type: "n8n", name: "Fluxo", url_n8n: url });
      const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "oi" });
      await deliver(new Date(Date.now() + 1000), { allowPrivateTargets: false });
      const [step] = await steps(ticketId);
      // Refused for good at once: retrying cannot make the address public.
      expect([step!.state, step!.attempts]).toEqual(["failed", 1]);
    }
    expect(receiver.received).toEqual([]);
  });
});

describe("typebot", () => {
  const integration = () => ({
    type: "typebot",
    name: "Robô",
    url_n8n: typebot.url,
    typebot_slug: typebot.slug,
    typebot_delay_message: 1000,
    typebot_keyword_finish: "sair",
    typebot_keyword_restart: "reiniciar",
    typebot_restart_message: "Vamos começar de novo.",
    typebot_unknown_message: "Não entendi, escolha uma opção.",
  });

  it("starts, continues, spaces its messages, takes choices, restarts and finishes on the keywords", async () => {
    const wa = await queueWith(integration());
    typebot.start = { texts: ["Olá!", "Escolha:"], choices: ["Vendas", "Suporte"] };
    typebot.reply = (answer) => ({ texts: [`Certo, ${answer}.`], waits: true });
    const from = newNumber();
    const write = (body: string) => contactWrites(db.pool, { ...wa, from, body });
    const ticketId = await write("oi");
    const t0 = new Date(Date.now() + 1000);
    await deliver(t0);
    // The first message at once; the next ones typebotDelayMessage apart.
    expect(await sent(ticketId)).toEqual(["Olá!"]);
    await deliver(at(t0, 500));
    expect(await sent(ticketId)).toEqual(["Olá!"]);
    await deliver(at(t0, 2000));
    expect(await sent(ticketId)).toEqual(["Olá!", "Escolha:", "[1] Vendas\n[2] Suporte"]);
    const { rows } = await db.pool.query("SELECT use_integration FROM tickets WHERE id = $1", [ticketId]);
    expect(rows[0].use_integration).toBe(true);

    // An answer its question does not offer gets the unknown-message text, and Typebot is not asked.
    const calls = typebot.calls.length;
    await write("7");
    await deliver(at(t0, 3000));
    expect((await sent(ticketId)).at(-1)).toBe("Não entendi, escolha uma opção.");
    expect(typebot.calls.length).toBe(calls);
    // A number picks the choice; continueChat gets its text on the same session.
    await write("2");
    await deliver(at(t0, 4000));
    expect(typebot.calls.at(-1)).toEqual({
      path: "/api/v1/sessions/session-1/continueChat",
      body: { message: "Suporte" },
    });
    expect((await sent(ticketId)).at(-1)).toBe("Certo, Suporte.");

    await write("Reiniciar");
    await deliver(at(t0, 5000));
    expect((await sent(ticketId)).at(-1)).toBe("Vamos começar de novo.");
    typebot.start = { texts: ["Olá de novo!"] };
    await write("oi");
    await deliver(at(t0, 6000));
    expect(typebot.calls.at(-1)!.path).toBe(`/api/v1/typebots/${typebot.slug}/startChat`);
    expect((await sent(ticketId)).at(-1)).toBe("Olá de novo!");

    await write("sair");
    await deliver(at(t0, 7000));
    const after = await db.pool.query("SELECT use_integration FROM tickets WHERE id = $1", [ticketId]);
    expect(after.rows[0].use_integration).toBe(false);
    // Handed over: the bot takes no more of this ticket's messages.
    await write("alguém aí?");
    expect((await steps(ticketId)).filter((s) => s.state === "pending")).toEqual([]);
  });

  it("runs from a chatbot option of type integration", async () => {
    const wa = await buildBotConnection(db.pool, { queues: [{ name: "Vendas", greetingMessage: "Escolha:" }] });
    const queueId = wa.queues[0]!.id;
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO queue_integrations (company_id, type, name, url_n8n, typebot_slug, typebot_delay_message, signing_secret)
       VALUES ($1, 'typebot', 'Robô', $2, $3, 0, 'k') RETURNING id`,
      [wa.companyId, typebot.url, typebot.slug],
    );
    const ids = await buildOptions(db.pool, {
      companyId: wa.companyId,
      queueId,
      options: [
        { name: "Falar com pessoa" },
        { name: "Robô de vendas", greetingMessage: "Um momento.", queueType: "integration" },
      ],
    });
    await db.pool.query("UPDATE chatbots SET opt_integration_id = $2 WHERE id = $1", [
      ids.get("Robô de vendas"),
      rows[0]!.id,
    ]);
    typebot.start = { texts: ["Sou o robô de vendas."] };
    const from = newNumber();
    const ticketId = await contactWrites(db.pool, { ...wa, from, body: "oi" });
    await contactWrites(db.pool, { ...wa, from, body: "2" });
    await deliver(new Date(Date.now() + 1000));
    expect((await sent(ticketId)).slice(-2)).toEqual(["Um momento.", "Sou o robô de vendas."]);
  });
});

describe("dialogflow", () => {
  it("detects the intent with the project's credentials, answers its texts, and hands over when it ends", async () => {
    const wa = await queueWith({
      type: "dialogflow",
      name: "Agente",
      project_name: "loja-123",
      json_content: dialogflow.jsonKey("loja-123"),
      language: "es",
    });
    dialogflow.reply = (text) =>
      text === "adiós" ? { texts: ["Hasta luego."], end: true } : { texts: ["¡Hola!", "¿En qué puedo ayudar?"] };
    const from = newNumber();
    const ticketId = await contactWrites(db.pool, { ...wa, from, body: "hola" });
    await deliver(new Date(Date.now() + 1000));
    expect(await sent(ticketId)).toEqual(["¡Hola!", "¿En qué puedo ayudar?"]);
    expect(dialogflow.calls.at(-1)).toEqual({ session: `ticket-${ticketId}`, text: "hola", languageCode: "es" });
    expect(dialogflow.badAssertions).toBe(0);
    await contactWrites(db.pool, { ...wa, from, body: "adiós" });
    await deliver(new Date(Date.now() + 1000));
    expect((await sent(ticketId)).at(-1)).toBe("Hasta luego.");
    const { rows } = await db.pool.query("SELECT use_integration FROM tickets WHERE id = $1", [ticketId]);
    expect(rows[0].use_integration).toBe(false);
    // The key's token_uri is tenant input: a private address is refused like a webhook's.
    const other = await queueWith({
      type: "dialogflow",
      name: "Agente",
      project_name: "loja-123",
      json_content: dialogflow.jsonKey("loja-123"),
      language: "es",
    });
    const refused = await contactWrites(db.pool, { ...other, from: newNumber(), body: "hola" });
    await deliver(new Date(Date.now() + 1000), { allowPrivateTargets: false });
    expect((await steps(refused)).map((s) => s.state)).toEqual(["failed"]);
  });
});

describe("OpenAI prompt on a queue", () => {
  async function promptQueue(maxMessages: number) {
    const wa = await buildBotConnection(db.pool, { queues: [{ name: "IA" }] });
    await db.pool.query(
      `INSERT INTO prompts (company_id, name, prompt, api_key, queue_id, max_tokens, temperature, max_messages)
       VALUES ($1, 'Assistente', 'Você é a assistente da loja e responde com gentileza.', $2, $3, 120, 0.3, $4)`,
      [wa.companyId, openai.key, wa.queues[0]!.id, maxMessages],
    );
    return wa;
  }

  it("answers within maxTokens, temperature and maxMessages of history, then hands over on request", async () => {
    const wa = await promptQueue(3);
    openai.chatReply = (messages) =>
      /atendente/.test(messages.at(-1)!.content) ? HANDOVER_ACTION : `Resposta ${messages.length}`;
    const from = newNumber();
    const write = (body: string) => contactWrites(db.pool, { ...wa, from, body });
    const ticketId = await write("primeira");
    await deliver(new Date(Date.now() + 1000));
    // Two messages in a row get one answer, to the last (the history carries both).
    const before = openai.chatCalls.length;
    await write("segunda");
    await write("segunda, de novo");
    await deliver(new Date(Date.now() + 1000));
    expect(openai.chatCalls.length).toBe(before + 1);
    await write("terceira");
    await deliver(new Date(Date.now() + 1000));
    const last = openai.chatCalls.at(-1)!.body;
    expect([last.max_tokens, last.temperature]).toEqual([120, 0.3]);
    expect(last.messages[0]!.role).toBe("system");
    expect(last.messages[0]!.content).toContain("Você é a assistente da loja");
    // The latest three messages only, oldest first: the earlier ones are left out.
    expect(last.messages.slice(1)).toEqual([
      { role: "user", content: "segunda, de novo" },
      { role: "assistant", content: "Resposta 4" },
      { role: "user", content: "terceira" },
    ]);
    expect(await sent(ticketId)).toHaveLength(3);

    await write("quero falar com um atendente");
    await deliver(new Date(Date.now() + 1000));
    expect(await sent(ticketId)).toHaveLength(3);
    const { rows } = await db.pool.query("SELECT use_integration, status, user_id FROM tickets WHERE id = $1", [
      ticketId,
    ]);
    expect(rows[0]).toEqual({ use_integration: false, status: "pending", user_id: null });
    const calls = openai.chatCalls.length;
    await write("olá?");
    await deliver(new Date(Date.now() + 1000));
    expect(openai.chatCalls.length).toBe(calls);
  });

  /** A queue "Suporte" with `greeting` and a prompt on it, on a connection with `queues` queues in all. */
  async function greetedPromptQueue(queues: number, greeting: string) {
    const wa = await buildBotConnection(db.pool, {
      greetingMessage: queues > 1 ? "Escolha um setor:" : null,
      queues: [
        { name: "Suporte", greetingMessage: greeting, orderQueue: 1 },
        ...Array.from({ length: queues - 1 }, (_, i) => ({ name: `Outro ${i}`, orderQueue: i + 2 })),
      ],
    });
    await db.pool.query(
      `INSERT INTO prompts (company_id, name, prompt, api_key, queue_id, max_tokens, temperature, max_messages)
       VALUES ($1, 'Assistente', 'Você responde as dúvidas dos clientes.', $2, $3, 120, 0.3, 5)`,
      [wa.companyId, openai.key, wa.queues[0]!.id],
    );
    openai.chatReply = (messages) => `Resposta a: ${messages.at(-1)!.content}`;
    return wa;
  }
  const promptsAsked = (from: number) => openai.chatCalls.slice(from).map((c) => c.body.messages.at(-1)!.content);

  it("waits after the queue's greeting for the contact's question, and answers that (decision 0105)", async () => {
    const wa = await greetedPromptQueue(1, "Olá! Conte o que você precisa.");
    const from = newNumber();
    const calls = openai.chatCalls.length;
    const ticketId = await contactWrites(db.pool, { ...wa, from, body: "oi" });
    await deliver(new Date(Date.now() + 1000));
    expect(promptsAsked(calls)).toEqual([]);
    expect(await sent(ticketId)).toEqual(["Olá! Conte o que você precisa."]);
    await contactWrites(db.pool, { ...wa, from, body: "qual o prazo de entrega?" });
    await deliver(new Date(Date.now() + 1000));
    expect(promptsAsked(calls)).toEqual(["qual o prazo de entrega?"]);
    expect(await sent(ticketId)).toEqual(["Olá! Conte o que você precisa.", "Resposta a: qual o prazo de entrega?"]);
  });

  it("answers neither the menu's first message nor the choice of its queue, only what the contact asks next", async () => {
    const wa = await greetedPromptQueue(2, "Suporte aqui.");
    const from = newNumber();
    const calls = openai.chatCalls.length;
    const ticketId = await contactWrites(db.pool, { ...wa, from, body: "oi" });
    await deliver(new Date(Date.now() + 1000));
    await contactWrites(db.pool, { ...wa, from, body: "1" });
    await deliver(new Date(Date.now() + 1000));
    expect(promptsAsked(calls)).toEqual([]);
    const { rows } = await db.pool.query("SELECT queue_id FROM tickets WHERE id = $1", [ticketId]);
    expect(rows[0].queue_id).toBe(wa.queues[0]!.id);
    await contactWrites(db.pool, { ...wa, from, body: "meu pedido não chegou" });
    await deliver(new Date(Date.now() + 1000));
    expect(promptsAsked(calls)).toEqual(["meu pedido não chegou"]);
    expect((await sent(ticketId)).at(-1)).toBe("Resposta a: meu pedido não chegou");
  });

  it("answers with a voice note when the prompt has a voice (text-to-speech)", async () => {
    const wa = await promptQueue(5);
    await db.pool.query(
      "UPDATE prompts SET voice = 'pt-BR-FranciscaNeural', voice_key = $2, voice_region = 'brazilsouth' WHERE company_id = $1",
      [wa.companyId, speech.key],
    );
    openai.chatReply = () => "Claro, <já> vejo isso.";
    const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "oi" });
    await deliver(new Date(Date.now() + 1000));
    expect(speech.calls.at(-1)!.ssml).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Claro, &lt;já&gt; vejo isso.</voice></speak>",
    );
    const { rows } = await db.pool.query(
      "SELECT body, media_type, media_url FROM messages WHERE ticket_id = $1 AND from_me",
      [ticketId],
    );
    expect(rows).toEqual([{ body: "Claro, <já> vejo isso.", media_type: "audio", media_url: expect.any(String) }]);
    const file = path.join(media.path, "media", `company-${wa.companyId}`, rows[0].media_url.split("/").pop());
    expect(readFileSync(file).subarray(0, 4).toString()).toBe("OggS");
  });

  it("sends a step's answer exactly once, even when the run dies after the call or two workers race", async () => {
    const wa = await promptQueue(5);
    openai.chatReply = () => "Uma resposta só";
    const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "oi" });
    let crash = true;
    const dying = deliverIntegrationSteps(db.pool, config(), {
      now: new Date(Date.now() + 1000),
      afterCall: () => {
        if (crash) {
          crash = false;
          throw new Error("worker died");
        }
      },
    });
    await dying;
    expect(await sent(ticketId)).toEqual([]);
    const now = new Date(Date.now() + 60_000);
    await Promise.all([deliver(now), deliver(now), deliver(now)]);
    expect(await sent(ticketId)).toEqual(["Uma resposta só"]);
    expect((await steps(ticketId)).map((s) => s.state)).toEqual(["done"]);
  });
});

describe("a connection's own integration and prompt (decision 0062)", () => {
  async function connectionWith(o: { integration?: Record<string, unknown>; prompt?: boolean; queues?: string[] }) {
    const wa = await buildBotConnection(db.pool, {
      queues: (o.queues ?? []).map((name) => ({ name })),
      greetingMessage: o.queues?.length ? "Escolha um setor:" : null,
    });
    if (o.integration) {
      const cols = Object.keys(o.integration);
      const { rows } = await db.pool.query<{ id: number }>(
        `INSERT INTO queue_integrations (company_id, signing_secret, ${cols.join(", ")})
         VALUES ($1, 'segredo-de-teste', ${cols.map((_, i) => `$${i + 2}`).join(", ")}) RETURNING id`,
        [wa.companyId, ...Object.values(o.integration)],
      );
      await db.pool.query("UPDATE whatsapps SET integration_id = $2 WHERE id = $1", [wa.whatsappId, rows[0]!.id]);
    }
    if (o.prompt) {
      const { rows } = await db.pool.query<{ id: number }>(
        `INSERT INTO prompts (company_id, name, prompt, api_key, max_tokens, temperature, max_messages)
         VALUES ($1, 'Recepção', 'Você é a recepcionista da loja e responde com gentileza.', $2, 100, 1, 5) RETURNING id`,
        [wa.companyId, openai.key],
      );
      await db.pool.query("UPDATE whatsapps SET prompt_id = $2 WHERE id = $1", [wa.whatsappId, rows[0]!.id]);
    }
    return wa;
  }

  it("a prompt on a connection without queues answers new conversations, until it hands over", async () => {
    const wa = await connectionWith({ prompt: true });
    openai.chatReply = (messages) =>
      /atendente/.test(messages.at(-1)!.content) ? HANDOVER_ACTION : "Olá! Como posso ajudar?";
    const from = newNumber();
    const ticketId = await contactWrites(db.pool, { ...wa, from, body: "boa tarde" });
    expect((await steps(ticketId)).map((s) => [s.kind, s.state])).toEqual([["openai", "pending"]]);
    await deliver(new Date(Date.now() + 1000));
    expect(await sent(ticketId)).toEqual(["Olá! Como posso ajudar?"]);
    expect(openai.chatCalls.at(-1)!.body.messages[0]!.content).toContain("recepcionista da loja");
    const { rows } = await db.pool.query("SELECT use_integration, queue_id FROM tickets WHERE id = $1", [ticketId]);
    expect(rows[0]).toEqual({ use_integration: true, queue_id: null });

    await contactWrites(db.pool, { ...wa, from, body: "quero um atendente" });
    await deliver(new Date(Date.now() + 1000));
    const calls = openai.chatCalls.length;
    // Handed over with no queue: the prompt stays silent on this ticket from now on.
    await contactWrites(db.pool, { ...wa, from, body: "alguém?" });
    await deliver(new Date(Date.now() + 1000));
    expect(openai.chatCalls.length).toBe(calls);
    expect(await sent(ticketId)).toEqual(["Olá! Como posso ajudar?"]);
  });

  it("a Typebot on the connection takes the conversation and leaves the connection's prompt silent", async () => {
    const wa = await connectionWith({
      integration: {
        type: "typebot",
        name: "Robô da conexão",
        url_n8n: typebot.url,
        typebot_slug: typebot.slug,
        typebot_delay_message: 0,
        typebot_keyword_finish: "sair",
      },
      prompt: true,
    });
    typebot.start = { texts: ["Sou o robô da conexão."] };
    const calls = openai.chatCalls.length;
    const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "oi" });
    expect((await steps(ticketId)).map((s) => s.kind)).toEqual(["typebot"]);
    await deliver(new Date(Date.now() + 1000));
    expect(await sent(ticketId)).toEqual(["Sou o robô da conexão."]);
    expect(typebot.calls.at(-1)!.path).toBe(`/api/v1/typebots/${typebot.slug}/startChat`);
    expect(openai.chatCalls.length).toBe(calls);
  });

  it("stays silent where the queue bot speaks (a connection with queues) and on a ticket an agent took", async () => {
    const wa = await connectionWith({ prompt: true, queues: ["Vendas", "Suporte"] });
    const ticketId = await contactWrites(db.pool, { ...wa, from: newNumber(), body: "oi" });
    // The queue menu went out; no step for the connection's prompt.
    expect(await steps(ticketId)).toEqual([]);
    expect(await sent(ticketId)).toEqual([expect.stringContaining("Escolha um setor:")]);

    const alone = await connectionWith({ prompt: true });
    const from = newNumber();
    const taken = await contactWrites(db.pool, { ...alone, from, body: "oi" });
    await deliver(new Date(Date.now() + 1000));
    const agent = await buildUser(db.pool, { companyId: alone.companyId, profile: "user" });
    await db.pool.query("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = $1", [taken, agent.id]);
    const before = (await steps(taken)).length;
    await contactWrites(db.pool, { ...alone, from, body: "obrigado" });
    expect((await steps(taken)).length).toBe(before);
  });
});
