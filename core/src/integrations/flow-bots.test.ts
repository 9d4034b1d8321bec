// A flow's TypeBot and OpenAI nodes (decision 0061) against the loopback stand-ins the integration tests use: the
// bot talks until it is done (Typebot's finish keyword, OpenAI's hand-over answer), then the flow goes on from the
// node's output; each step's outside call is made once and its messages go out once. Also: a queue integration or
// chatbot option of type flowbuilder starts its flow once, and a closed ticket ends its run at once.
import { describe, expect, it } from "vitest";
import { HANDOVER_ACTION } from "../contract/prompts.ts";
import { FLOW_RESUME_JOB, type FlowResumeKey, resumeFlowRun } from "../flows/runtime/flow-runs.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildBotConnection, buildOptions, contactWrites, newNumber } from "../testing/bot-factories.ts";
import { startFakeSpeech, startFakeTypebot } from "../testing/fake-integrations.ts";
import { startFakeOpenAi } from "../testing/fake-openai.ts";
import { type FlowEdgeSpec, type FlowNodeSpec, flowConnection, publishFlow } from "../testing/flow-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { adminAndOutsider } from "../testing/users-factories.ts";
import { deliverIntegrationSteps, type IntegrationRuntimeConfig } from "./deliver-integration-steps.ts";

const core = coreForFile();
const typebot = forFile(() => startFakeTypebot(), { stop: (f) => f.close() });
const openai = forFile(() => startFakeOpenAi(), { stop: (f) => f.close() });
const speech = forFile(() => startFakeSpeech(), { stop: (f) => f.close() });
const w = forFile(() => adminAndOutsider(core));

const config = (): IntegrationRuntimeConfig => ({
  allowPrivateTargets: true,
  openaiBaseUrl: openai.url,
  dialogflowBaseUrl: "http://127.0.0.1:9",
  ttsBaseUrl: speech.url,
  timeoutMs: 5000,
  backoffBaseMs: 10_000,
  maxAttempts: 4,
});
let clock = Date.now() + 1000;
/** The worker's delivery, each call a second later than the last (so delayed texts fall due). */
function deliver(o: { afterCall?: () => void } = {}) {
  clock += 1000;
  return deliverIntegrationSteps(w.pool, config(), { now: new Date(clock), ...o });
}

type N = FlowNodeSpec;
type E = FlowEdgeSpec;

const publish = (nodes: N[], edges: E[]) => publishFlow(core, w.admin.token, nodes, edges);

const welcomeConnection = (flowId: number) =>
  flowConnection(core, { companyId: w.companyId, token: w.admin.token }, { welcome: flowId });

async function sent(ticketId: number): Promise<string[]> {
  const { rows } = await w.pool.query<{ body: string }>(
    "SELECT body FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id",
    [ticketId],
  );
  return rows.map((r) => r.body);
}

async function run(ticketId: number) {
  const { rows } = await w.pool.query(
    `SELECT id, status, end_reason AS "endReason", node_id AS "nodeId", waiting_for AS "waitingFor", step,
       started_by AS "startedBy", queue_id AS "queueId", bot_session AS "botSession"
     FROM flow_runs WHERE ticket_id = $1 ORDER BY id DESC LIMIT 1`,
    [ticketId],
  );
  return rows[0];
}

const typebotNode = (o: Record<string, unknown> = {}): N => ({
  id: "tb",
  type: "typebot",
  data: {
    typebotIntegration: {
      name: "Robô do fluxo",
      urlN8N: typebot.url,
      typebotSlug: typebot.slug,
      typebotDelayMessage: 0,
      typebotKeywordFinish: "sair",
      typebotKeywordRestart: "reiniciar",
      typebotRestartMessage: "Recomeçando.",
      typebotUnknownMessage: "Escolha uma opção.",
      ...o,
    },
  },
});

describe("#flow bots: the TypeBot node", () => {
  it("runs the typebot conversation until its finish keyword, then goes on from the node's output", async () => {
    const flowId = await publish(
      [
        { id: "hi", type: "message", data: { label: "Olá {{firstName}}, vou chamar o robô." } },
        typebotNode(),
        { id: "back", type: "message", data: { label: "De volta ao fluxo." } },
      ],
      [
        ["1", "hi"],
        ["hi", "tb"],
        ["tb", "back"],
      ],
    );
    const wa = await welcomeConnection(flowId);
    typebot.start = { texts: ["Sou o robô.", "Escolha:"], choices: ["Vendas", "Suporte"] };
    typebot.reply = (answer) => ({ texts: [`Certo, ${answer}.`], waits: true });
    const from = newNumber();
    const say = (body: string) => contactWrites(w.pool, { ...wa, from, body, name: "Maria Souza" });
    const t = await say("oi");
    // The inbound path called nobody: the run waits on the node and the bot's first turn is the worker's.
    const calls0 = typebot.calls.length;
    expect(await sent(t)).toEqual(["Olá Maria, vou chamar o robô."]);
    expect(await run(t)).toMatchObject({ status: "running", nodeId: "tb", waitingFor: "typebot" });

    // A crash after the call and before the commit sends nothing; the retry sends once.
    await expect(
      deliver({
        afterCall: () => {
          throw new Error("worker died");
        },
      }),
    ).resolves.toBeGreaterThanOrEqual(0);
    expect(await sent(t)).toEqual(["Olá Maria, vou chamar o robô."]);
    await w.pool.query(
      "UPDATE integration_steps SET next_attempt_at = now() - interval '1 hour' WHERE ticket_id = $1",
      [t],
    );
    await deliver();
    await deliver();
    expect(await sent(t)).toEqual([
      "Olá Maria, vou chamar o robô.",
      "Sou o robô.",
      "Escolha:",
      "[1] Vendas\n[2] Suporte",
    ]);
    const starts = typebot.calls.slice(calls0).filter((c) => c.path.endsWith("/startChat"));
    expect(starts.at(-1)!.body).toMatchObject({ prefilledVariables: { pushName: "Maria Souza" } });
    expect((await run(t)).botSession).toMatchObject({ sessionId: expect.any(String), choices: ["Vendas", "Suporte"] });
    const { rows } = await w.pool.query("SELECT use_integration FROM tickets WHERE id = $1", [t]);
    expect(rows[0].use_integration).toBe(true);

    // An answer the choices do not offer: the unknown text, Typebot not asked.
    const before = typebot.calls.length;
    await say("7");
    await deliver();
    expect((await sent(t)).at(-1)).toBe("Escolha uma opção.");
    expect(typebot.calls.length).toBe(before);
    await say("2");
    await deliver();
    const session = (await run(t)).botSession.sessionId;
    expect(typebot.calls.at(-1)).toEqual({
      path: `/api/v1/sessions/${session}/continueChat`,
      body: { message: "Suporte" },
    });
    expect((await sent(t)).at(-1)).toBe("Certo, Suporte.");
    // A done step is never called again.
    const afterCalls = typebot.calls.length;
    await deliver();
    expect(typebot.calls.length).toBe(afterCalls);

    // The restart keyword: the restart text, and the next message starts a new chat.
    await say("reiniciar");
    await deliver();
    expect((await sent(t)).at(-1)).toBe("Recomeçando.");
    typebot.start = { texts: ["De novo!"] };
    await say("olá");
    await deliver();
    expect(typebot.calls.at(-1)!.path).toBe(`/api/v1/typebots/${typebot.slug}/startChat`);

    // The finish keyword: the flow goes on from the node's output, and the bot takes nothing more.
    await say("sair");
    await deliver();
    expect((await sent(t)).slice(-2)).toEqual(["De novo!", "De volta ao fluxo."]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
    const done = await w.pool.query("SELECT use_integration FROM tickets WHERE id = $1", [t]);
    expect(done.rows[0].use_integration).toBe(false);
    const calls = typebot.calls.length;
    await say("ainda aí?");
    await deliver();
    expect(typebot.calls.length).toBe(calls);
  });
});

describe("#flow bots: the TypeBot node's pace", () => {
  it("says the bot's last texts a delay apart, and the flow goes on a delay after the last", async () => {
    const flowId = await publish(
      [
        typebotNode({ typebotDelayMessage: 2000 }),
        { id: "back", type: "message", data: { label: "De volta ao fluxo." } },
      ],
      [
        ["1", "tb"],
        ["tb", "back"],
      ],
    );
    const wa = await welcomeConnection(flowId);
    // The bot says three things and is done at once.
    typebot.start = { texts: ["Primeira.", "Segunda.", "Terceira."], waits: false };
    const from = newNumber();
    const t = await contactWrites(w.pool, { ...wa, from, body: "oi" });
    await deliver();
    expect(await sent(t)).toEqual(["Primeira."]);
    // The run waits on the node as on an interval, due after the last text plus one delay (3 × 2 s).
    expect(await run(t)).toMatchObject({ status: "running", nodeId: "tb", waitingFor: "interval" });
    const { rows: jobs } = await w.pool.query<{ data: FlowResumeKey; dueIn: number }>(
      `SELECT data, extract(epoch FROM next_run_at - now())::float8 AS "dueIn" FROM agenda_jobs
       WHERE name = $1 AND (data->>'ticketId')::int = $2`,
      [FLOW_RESUME_JOB, t],
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.dueIn).toBeGreaterThan(5);
    expect(jobs[0]!.dueIn).toBeLessThanOrEqual(6.5);
    // The other texts fall due one by one; what the contact writes meanwhile calls no bot.
    const calls = typebot.calls.length;
    await deliver();
    await deliver();
    expect(await sent(t)).toEqual(["Primeira.", "Segunda."]);
    await contactWrites(w.pool, { ...wa, from, body: "alô?" });
    await deliver();
    await deliver();
    expect(await sent(t)).toEqual(["Primeira.", "Segunda.", "Terceira."]);
    expect(typebot.calls.length).toBe(calls);
    // The job: the flow goes on from the node's output, once.
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, jobs[0]!.data))).toBe(1);
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, jobs[0]!.data))).toBe(0);
    expect(await sent(t)).toEqual(["Primeira.", "Segunda.", "Terceira.", "De volta ao fluxo."]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
  });
});

describe("#flow bots: the OpenAI node", () => {
  it("answers through Chat Completions with the history until the hand-over answer, then goes on", async () => {
    const flowId = await publish(
      [
        {
          id: "ai",
          type: "openai",
          data: {
            typebotIntegration: {
              name: "Assistente",
              prompt: "Você é o assistente da loja.",
              apiKey: openai.key,
              maxMessages: 2,
              maxTokens: 50,
              temperature: 0.5,
            },
          },
        },
        { id: "back", type: "message", data: { label: "Um atendente vai falar com você." } },
      ],
      [
        ["1", "ai"],
        ["ai", "back"],
      ],
    );
    const wa = await welcomeConnection(flowId);
    openai.chatReply = (messages) => `Resposta a: ${messages.at(-1)?.content ?? ""}`;
    const from = newNumber();
    const say = (body: string) => contactWrites(w.pool, { ...wa, from, body });
    const t = await say("qual o horário?");
    const calls0 = openai.chatCalls.length;
    await deliver();
    expect(openai.chatCalls.length).toBe(calls0 + 1);
    const first = openai.chatCalls.at(-1)!.body;
    expect(first).toMatchObject({ max_tokens: 50, temperature: 0.5 });
    expect(first.messages[0]!.role).toBe("system");
    expect(first.messages[0]!.content).toContain("Você é o assistente da loja.");
    expect(first.messages[0]!.content).toContain(HANDOVER_ACTION);
    expect(first.messages.at(-1)).toEqual({ role: "user", content: "qual o horário?" });
    expect(await sent(t)).toEqual(["Resposta a: qual o horário?"]);

    await say("e no sábado?");
    await deliver();
    // maxMessages: the latest two texts only.
    expect(openai.chatCalls.at(-1)!.body.messages.slice(1)).toEqual([
      { role: "assistant", content: "Resposta a: qual o horário?" },
      { role: "user", content: "e no sábado?" },
    ]);
    await deliver();
    expect(openai.chatCalls.length).toBe(calls0 + 2);

    openai.chatReply = () => `Vou transferir. ${HANDOVER_ACTION}`;
    await say("quero falar com uma pessoa");
    await deliver();
    expect((await sent(t)).slice(-2)).toEqual(["Vou transferir.", "Um atendente vai falar com você."]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
  });
});

describe("#flow bots: flowbuilder integrations", () => {
  const greetFlow = () =>
    publish(
      [
        {
          id: "q",
          type: "question",
          data: { typebotIntegration: { message: "Qual o seu pedido?", answerKey: "pedido" } },
        },
        { id: "ok", type: "message", data: { label: "Pedido {{pedido}} anotado." } },
      ],
      [
        ["1", "q"],
        ["q", "ok"],
      ],
    );

  async function flowbuilderIntegration(flowId: number) {
    const res = await core.api("POST", "/queueIntegration", {
      token: w.admin.token,
      body: { type: "flowbuilder", name: "Fluxo da fila", flowId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flowId).toBe(flowId);
    return res.body.id as number;
  }

  it("refuses another company's flow with 404", async () => {
    const theirs = await core.api("POST", "/flowbuilder", { token: w.other.token, body: { name: "Deles" } });
    const res = await core.api("POST", "/queueIntegration", {
      token: w.admin.token,
      body: { type: "flowbuilder", name: "Fluxo", flowId: theirs.body.id },
    });
    expect(res.status).toBe(404);
  });

  it("starts the integration's flow once when the ticket reaches a queue whose integration is a flowbuilder", async () => {
    const flowId = await greetFlow();
    const integrationId = await flowbuilderIntegration(flowId);
    const wa = await buildBotConnection(w.pool, {
      companyId: w.companyId,
      queues: [{ name: `Pedidos ${newNumber()}`, greetingMessage: "Fila de pedidos." }],
    });
    await w.pool.query("UPDATE queues SET integration_id = $2 WHERE id = $1", [wa.queues[0]!.id, integrationId]);
    const from = newNumber();
    const say = (body: string) => contactWrites(w.pool, { ...wa, from, body });
    const t = await say("oi");
    expect((await sent(t)).at(-1)).toBe("Qual o seu pedido?");
    expect(await run(t)).toMatchObject({ status: "running", startedBy: "integration", queueId: wa.queues[0]!.id });
    await say("123");
    expect((await sent(t)).at(-1)).toBe("Pedido 123 anotado.");
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
    // Once: the next message in the same queue starts nothing.
    const n = (await sent(t)).length;
    await say("obrigado");
    expect((await sent(t)).length).toBe(n);
    const { rows } = await w.pool.query("SELECT count(*)::int AS n FROM flow_runs WHERE ticket_id = $1", [t]);
    expect(rows[0].n).toBe(1);
  });

  it("starts it from a chatbot option whose integration is a flowbuilder", async () => {
    const flowId = await greetFlow();
    const integrationId = await flowbuilderIntegration(flowId);
    const wa = await buildBotConnection(w.pool, {
      companyId: w.companyId,
      queues: [{ name: `Vendas ${newNumber()}`, greetingMessage: "Escolha:" }],
    });
    const ids = await buildOptions(w.pool, {
      companyId: w.companyId,
      queueId: wa.queues[0]!.id,
      options: [{ name: "Pessoa" }, { name: "Fluxo de pedidos", queueType: "integration" }],
    });
    await w.pool.query("UPDATE chatbots SET opt_integration_id = $2 WHERE id = $1", [
      ids.get("Fluxo de pedidos"),
      integrationId,
    ]);
    const from = newNumber();
    const t = await contactWrites(w.pool, { ...wa, from, body: "oi" });
    expect(await run(t)).toBeUndefined();
    await contactWrites(w.pool, { ...wa, from, body: "2" });
    expect((await sent(t)).at(-1)).toBe("Qual o seu pedido?");
    expect(await run(t)).toMatchObject({ status: "running", startedBy: "integration" });
  });
});

describe("#flow bots: a closed ticket", () => {
  it("ends a run waiting on an interval at once; the job then sends nothing", async () => {
    const flowId = await publish(
      [
        { id: "a", type: "message", data: { label: "antes" } },
        { id: "wait", type: "interval", data: { sec: 3 } },
        { id: "b", type: "message", data: { label: "depois" } },
      ],
      [
        ["1", "a"],
        ["a", "wait"],
        ["wait", "b"],
      ],
    );
    const wa = await welcomeConnection(flowId);
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    expect(await run(t)).toMatchObject({ status: "running", waitingFor: "interval" });
    const { rows } = await w.pool.query<{ data: FlowResumeKey }>(
      "SELECT data FROM agenda_jobs WHERE name = $1 AND (data->>'ticketId')::int = $2",
      [FLOW_RESUME_JOB, t],
    );
    // Any way of closing (here the plain column update every closing path makes).
    await w.pool.query("UPDATE tickets SET status = 'closed' WHERE id = $1", [t]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "closed", waitingFor: null });
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, rows[0]!.data))).toBe(0);
    expect(await sent(t)).toEqual(["antes"]);
  });
});
