// The flow runtime on inbound messages (the same ingest a webhook runs): a connection's welcome and not-matched
// flows, phrase campaigns, every node type, interval jobs that resume once, and an agent's accept ending the run.
import { describe, expect, it } from "vitest";
import { FLOW_CAMPAIGNS_MAX } from "../../contract/flow-campaigns.ts";
import { transaction } from "../../kernel/transaction.ts";
import { buildBotConnection, contactWrites, newNumber } from "../../testing/bot-factories.ts";
import { buildCompany } from "../../testing/factories.ts";
import { type FlowEdgeSpec, type FlowNodeSpec, flowConnection, publishFlow } from "../../testing/flow-factories.ts";
import { coreForFile, forFile } from "../../testing/test-world.ts";
import { logTypes } from "../../testing/tickets-factories.ts";
import { adminAndOutsider, signedIn } from "../../testing/users-factories.ts";
import { FLOW_RESUME_JOB, type FlowResumeKey, resumeFlowRun } from "./flow-runs.ts";

const core = coreForFile();
const w = forFile(() => adminAndOutsider(core));

type N = FlowNodeSpec;
type E = FlowEdgeSpec;

const publish = (nodes: N[], edges: E[], token = w.admin.token) => publishFlow(core, token, nodes, edges);

/** A connection with two queues (the queue bot would send its menu) whose welcome flow is `flowId`. */
const connection = (o: { welcome?: number; notPhrase?: number } = {}) =>
  flowConnection(core, { companyId: w.companyId, token: w.admin.token }, o);

/** What went out on the ticket, oldest first: texts, or `[mediaType] url` for media. */
async function sent(ticketId: number): Promise<string[]> {
  const { rows } = await w.pool.query<{ body: string; media_type: string; media_url: string | null }>(
    "SELECT body, media_type, media_url FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id",
    [ticketId],
  );
  return rows.map((r) => (r.media_url ? `[${r.media_type}] ${r.media_url}` : r.body));
}

async function run(ticketId: number) {
  const { rows } = await w.pool.query(
    `SELECT id, status, end_reason AS "endReason", node_id AS "nodeId", waiting_for AS "waitingFor", variables, step,
       started_by AS "startedBy"
     FROM flow_runs WHERE ticket_id = $1 ORDER BY id DESC LIMIT 1`,
    [ticketId],
  );
  return rows[0];
}

async function ticket(ticketId: number) {
  const { rows } = await w.pool.query("SELECT queue_id, status, user_id FROM tickets WHERE id = $1", [ticketId]);
  return rows[0];
}

const MENU_ID = "menu00000000000000000000000000";
const QUESTION_ID = "quest0000000000000000000000000";

/** Issue 11's "done when": a menu choice and a question, then into a queue. */
async function menuQuestionQueueFlow(queue: { id: number; name: string }) {
  return publish(
    [
      { id: "hello", type: "message", data: { label: "Olá {{firstName}}!" } },
      {
        id: MENU_ID,
        type: "menu",
        data: {
          message: "Como podemos ajudar?",
          arrayOption: [
            { number: 1, value: "Comprar" },
            { number: 2, value: "Suporte" },
          ],
        },
      },
      { id: "buy", type: "message", data: { label: "Nossa loja: exemplo.com" } },
      {
        id: QUESTION_ID,
        type: "question",
        data: { typebotIntegration: { message: "Qual o número do pedido?", answerKey: "pedido" } },
      },
      { id: "thanks", type: "message", data: { label: "Pedido {{pedido}} anotado, {{name}}." } },
      { id: "toQueue", type: "ticket", data: { queue } },
    ],
    [
      ["1", "hello"],
      ["hello", MENU_ID],
      [MENU_ID, "buy", "option-1"],
      [MENU_ID, QUESTION_ID, "option-2"],
      [QUESTION_ID, "thanks"],
      ["thanks", "toQueue"],
    ],
  );
}

describe("#flow runtime: welcome flow", () => {
  it("walks a menu choice and a question into a queue, in place of the queue bot", async () => {
    const probe = await buildBotConnection(w.pool, {
      companyId: w.companyId,
      queues: [{ name: `Fila ${newNumber()}` }],
    });
    const queue = probe.queues[0]!;
    const wa = await connection({ welcome: await menuQuestionQueueFlow(queue) });
    const from = newNumber();
    const say = (body: string) => contactWrites(w.pool, { ...wa, from, body, name: "Maria Souza" });

    const t = await say("oi");
    const menu = "Como podemos ajudar?\n\n*[ 1 ]* - Comprar\n*[ 2 ]* - Suporte";
    expect(await sent(t)).toEqual(["Olá Maria!", menu]);
    expect(await run(t)).toMatchObject({
      status: "running",
      startedBy: "welcome",
      nodeId: MENU_ID,
      waitingFor: "menu",
    });
    // An answer that is no option: the menu is asked again.
    await say("talvez");
    expect(await sent(t)).toEqual(["Olá Maria!", menu, menu]);
    await say("2");
    expect((await sent(t)).at(-1)).toBe("Qual o número do pedido?");
    await say("  A-123 ");
    expect((await sent(t)).slice(-1)).toEqual(["Pedido A-123 anotado, Maria Souza."]);
    expect(await ticket(t)).toMatchObject({ queue_id: queue.id, status: "pending", user_id: null });
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "ticket", variables: { pedido: "A-123" } });
    expect(await logTypes(w.pool, t)).toEqual(["create", "chatBot", "queue"]);
    // The queue bot never spoke on this connection.
    expect((await sent(t)).some((b) => b.includes("Menu do bot de filas"))).toBe(false);
    // In the queue now: later messages start nothing.
    await say("alô?");
    expect((await sent(t)).length).toBe(5);
  });

  it("sends media and audio (as audio) in order, and hands the conversation to a typebot node", async () => {
    const flowId = await publish(
      [
        { id: "img", type: "img", data: { url: `/media/${w.companyId}/foto.png` } },
        { id: "aud", type: "audio", data: { url: `/media/${w.companyId}/voz.ogg`, record: true } },
        { id: "vid", type: "video", data: { url: `/media/${w.companyId}/video.mp4` } },
        {
          id: "tb",
          type: "typebot",
          data: { typebotIntegration: { name: "Typebot", urlN8N: "http://typebot.test", typebotSlug: "x" } },
        },
      ],
      [
        ["1", "img"],
        ["img", "aud"],
        ["aud", "vid"],
        ["vid", "tb"],
      ],
    );
    const wa = await connection({ welcome: flowId });
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    expect(await sent(t)).toEqual([
      `[image] /media/${w.companyId}/foto.png`,
      `[audio] /media/${w.companyId}/voz.ogg`,
      `[video] /media/${w.companyId}/video.mp4`,
    ]);
    // The run waits on the node while its bot talks (flow-bots.test.ts); its first turn is the worker's step.
    expect(await run(t)).toMatchObject({ status: "running", nodeId: "tb", waitingFor: "typebot" });
    expect(await logTypes(w.pool, t)).toEqual(["create", "chatBot"]);
  });

  it("ends the run of a ticket given a queue some other way (the redirect job, an agent's transfer)", async () => {
    const probe = await buildBotConnection(w.pool, {
      companyId: w.companyId,
      queues: [{ name: `Fila ${newNumber()}` }],
    });
    const wa = await connection({ welcome: await menuQuestionQueueFlow(probe.queues[0]!) });
    const from = newNumber();
    const t = await contactWrites(w.pool, { ...wa, from, body: "oi" });
    await w.pool.query("UPDATE tickets SET queue_id = $2 WHERE id = $1", [t, wa.queues[0]!.id]);
    await contactWrites(w.pool, { ...wa, from, body: "2" });
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "left" });
    expect((await sent(t)).length).toBe(2);
  });

  it("leaves the queue bot to work when the welcome flow is switched off", async () => {
    const flowId = await publish([{ id: "m", type: "message", data: { label: "não deveria" } }], [["1", "m"]]);
    const wa = await connection({ welcome: flowId });
    await core.api("PUT", "/flowbuilder", { token: w.admin.token, body: { flowId, name: "Desligado", active: false } });
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    expect((await sent(t))[0]).toContain("Menu do bot de filas");
    expect(await run(t)).toBeUndefined();
  });
});

describe("#flow runtime: intervals", () => {
  const intervalFlow = () =>
    publish(
      [
        { id: "before", type: "message", data: { label: "antes" } },
        { id: "wait", type: "interval", data: { sec: 3 } },
        { id: "after", type: "message", data: { label: "depois" } },
      ],
      [
        ["1", "before"],
        ["before", "wait"],
        ["wait", "after"],
      ],
    );

  async function jobOf(ticketId: number) {
    const { rows } = await w.pool.query<{ data: FlowResumeKey; delay: number }>(
      `SELECT data, extract(epoch FROM next_run_at - created_at)::float8 AS delay FROM agenda_jobs
       WHERE name = $1 AND (data->>'ticketId')::int = $2`,
      [FLOW_RESUME_JOB, ticketId],
    );
    return rows;
  }

  it("waits on an agenda job keyed by the run's step, and a retried job sends nothing twice", async () => {
    const wa = await connection({ welcome: await intervalFlow() });
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    expect(await sent(t)).toEqual(["antes"]);
    const jobs = await jobOf(t);
    expect(jobs.length).toBe(1);
    expect(jobs[0]!.delay).toBeGreaterThanOrEqual(2.9);
    const key = jobs[0]!.data;
    expect(await run(t)).toMatchObject({ waitingFor: "interval", step: key.step });
    // The contact writing during the wait moves nothing.
    await contactWrites(w.pool, { ...wa, from: (await numberOf(t))!, body: "e aí?" });
    expect(await sent(t)).toEqual(["antes"]);

    expect(await transaction(w.pool, (c) => resumeFlowRun(c, key))).toBe(1);
    // The same job again (a worker died before agenda marked it done): the step moved on, nothing happens.
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, key))).toBe(0);
    expect(await sent(t)).toEqual(["antes", "depois"]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
  });

  it("splits on a randomizer and pauses a content node on its interval element, resuming at the next one", async () => {
    const flowId = await publish(
      [
        // 100%: every roll (0–99) takes the percent output.
        { id: "rnd", type: "randomizer", data: { percent: 100 } },
        { id: "never", type: "message", data: { label: "nunca" } },
        {
          id: "block",
          type: "singleBlock",
          data: {
            seq: ["message0", "interval0", "message1"],
            elements: [
              { type: "message", number: 0, value: "primeira parte" },
              { type: "interval", number: 0, value: 2 },
              { type: "message", number: 1, value: "segunda parte, {{firstName}}" },
            ],
          },
        },
      ],
      [
        ["1", "rnd"],
        ["rnd", "block", "percent"],
        ["rnd", "never", "rest"],
      ],
    );
    const wa = await connection({ welcome: flowId });
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    expect(await sent(t)).toEqual(["primeira parte"]);
    expect(await run(t)).toMatchObject({ nodeId: "block", waitingFor: "interval" });
    const key = (await jobOf(t))[0]!.data;
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, key))).toBe(1);
    expect(await sent(t)).toEqual(["primeira parte", "segunda parte, Maria"]);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "end" });
  });

  it("ends the run when an agent accepts the ticket during the wait; the job then sends nothing", async () => {
    const wa = await connection({ welcome: await intervalFlow() });
    const t = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "oi" });
    const key = (await jobOf(t))[0]!.data;
    const accepted = await core.api("PUT", `/tickets/${t}`, {
      token: w.admin.token,
      body: { status: "open", queueId: wa.queues[0]!.id },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await run(t)).toMatchObject({ status: "ended", endReason: "accepted" });
    expect(await transaction(w.pool, (c) => resumeFlowRun(c, key))).toBe(0);
    expect(await sent(t)).toEqual(["antes"]);
  });
});

async function numberOf(ticketId: number): Promise<string | undefined> {
  const { rows } = await w.pool.query(
    "SELECT c.number FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.id = $1",
    [ticketId],
  );
  return rows[0]?.number;
}

describe("#flow runtime: phrase campaigns and the not-matched flow", () => {
  it("starts a campaign's flow on its phrase, on its connection only, while it is on", async () => {
    const promo = await publish([{ id: "p", type: "message", data: { label: "Promoção: 10% off" } }], [["1", "p"]]);
    const fallback = await publish([{ id: "f", type: "message", data: { label: "Não entendi" } }], [["1", "f"]]);
    const wa = await connection({ notPhrase: fallback });
    const elsewhere = await connection();
    const created = await core.api("POST", "/flowcampaign", {
      token: w.admin.token,
      body: { name: "Black Friday", flowId: promo, whatsappId: wa.whatsappId, phrase: "Quero Promoção" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: "Black Friday", status: true, whatsappId: wa.whatsappId });

    // Case, accents and spacing aside.
    const t1 = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "  quero   promocao " });
    expect(await sent(t1)).toEqual(["Promoção: 10% off"]);
    expect(await run(t1)).toMatchObject({ startedBy: "campaign", status: "ended" });
    // Another text on the same ticket: the not-matched flow.
    await contactWrites(w.pool, { ...wa, from: (await numberOf(t1))!, body: "e agora?" });
    expect((await sent(t1)).at(-1)).toBe("Não entendi");
    expect(await run(t1)).toMatchObject({ startedBy: "notPhrase" });
    // The phrase on a connection the campaign does not name: the queue bot as usual.
    const t2 = await contactWrites(w.pool, { ...elsewhere, from: newNumber(), body: "Quero promoção" });
    expect((await sent(t2))[0]).toContain("Menu do bot de filas");

    // Switched off: the phrase starts nothing (the not-matched flow answers instead).
    const off = await core.api("PUT", "/flowcampaign", {
      token: w.admin.token,
      body: { ...created.body, status: false },
    });
    expect(off.status).toBe(200);
    const t3 = await contactWrites(w.pool, { ...wa, from: newNumber(), body: "quero promoção" });
    expect(await sent(t3)).toEqual(["Não entendi"]);
  });
});

describe("#flowcampaign calls", () => {
  it("lists, shows, edits and deletes a campaign; validates; another company's ids answer 404", async () => {
    const flowId = await publish([], []);
    const body = { name: "Natal", flowId, whatsappId: null, phrase: "natal" };
    const created = await core.api("POST", "/flowcampaign", { token: w.admin.token, body });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const listed = await core.api("GET", "/flowcampaign", { token: w.admin.token });
    expect(listed.body.flow.map((c: { id: number }) => c.id)).toContain(id);
    expect((await core.api("GET", `/flowcampaign/${id}`, { token: w.admin.token })).body).toMatchObject({
      name: "Natal",
      phrase: "natal",
      status: true,
      flowId,
    });
    const bad = await core.api("POST", "/flowcampaign", {
      token: w.admin.token,
      body: { name: " ", flowId, phrase: "" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");

    // The other company: neither the campaign nor the flow is there.
    expect((await core.api("GET", `/flowcampaign/${id}`, { token: w.other.token })).status).toBe(404);
    expect((await core.api("GET", "/flowcampaign", { token: w.other.token })).body.flow).toEqual([]);
    const foreignFlow = await core.api("POST", "/flowcampaign", { token: w.other.token, body });
    expect(foreignFlow.status).toBe(404);
    const foreignPut = await core.api("PUT", "/flowcampaign", { token: w.other.token, body: { ...body, id } });
    expect(foreignPut.status).toBe(404);
    expect((await core.api("DELETE", `/flowcampaign/${id}`, { token: w.other.token })).status).toBe(404);
    // A connection pointing at another company's flow is refused too.
    const otherCompany = (await w.pool.query("SELECT company_id FROM users WHERE id = $1", [w.other.id])).rows[0];
    const otherWa = await buildBotConnection(w.pool, { companyId: otherCompany.company_id, queues: [] });
    const foreignWelcome = await core.api("PUT", `/whatsapp/${otherWa.whatsappId}`, {
      token: w.other.token,
      body: { flowIdWelcome: flowId },
    });
    expect(foreignWelcome.status).toBe(404);

    const renamed = await core.api("PUT", "/flowcampaign", {
      token: w.admin.token,
      body: { ...body, id, name: "Natal 2026", status: false },
    });
    expect(renamed.body).toMatchObject({ name: "Natal 2026", status: false });
    expect((await core.api("DELETE", `/flowcampaign/${id}`, { token: w.admin.token })).status).toBe(200);
    expect((await core.api("GET", `/flowcampaign/${id}`, { token: w.admin.token })).status).toBe(404);
  });

  it("stops at FLOW_CAMPAIGNS_MAX campaigns per company (each inbound batch reads them)", async () => {
    const companyId = (await buildCompany(w.pool)).id;
    const admin = await signedIn(core, { companyId, profile: "admin" });
    const flowId = await publish([], [], admin.token);
    await w.pool.query(
      `INSERT INTO flow_campaigns (company_id, name, flow_id, phrase)
       SELECT $1, 'c' || i, $2, 'p' || i FROM generate_series(1, $3) AS i`,
      [companyId, flowId, FLOW_CAMPAIGNS_MAX],
    );
    const full = await core.api("POST", "/flowcampaign", {
      token: admin.token,
      body: { name: "mais uma", flowId, phrase: "mais" },
    });
    expect(full.status).toBe(400);
    expect(full.body.error).toBe("ERR_VALIDATION");
  });
});
