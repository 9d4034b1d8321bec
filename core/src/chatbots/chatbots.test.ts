import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { changeCount, companyWithStaff, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();

const w = forFile(() => companyWithStaff(core));

const countOptions = async (queueId: number) =>
  (await w.pool.query("SELECT count(*)::int AS n FROM chatbots WHERE queue_id = $1", [queueId])).rows[0].n as number;

describe("#chatbot.create", () => {
  it("adds a first-level option with nested children and shows the tree on the queue", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const res = await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: {
        queueId: q.id,
        name: "Comercial",
        greetingMessage: "Escolha:",
        options: [
          { name: "Planos", greetingMessage: "Nossos planos..." },
          { name: "Falar com vendas", queueType: "queue", optQueueId: q.id },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      queueId: q.id,
      chatbotId: null,
      name: "Comercial",
      queueType: "text",
      options: [
        { name: "Planos", chatbotId: res.body.id, options: [] },
        { name: "Falar com vendas", queueType: "queue", optQueueId: q.id },
      ],
    });
    const child = await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: { chatbotId: res.body.options[0].id, name: "Plano anual", greetingMessage: "12x" },
    });
    expect(child.status).toBe(201);
    expect(child.body).toMatchObject({ queueId: q.id, chatbotId: res.body.options[0].id });
    const queue = await core.api("GET", `/queue/${q.id}`, { token: w.admin.token });
    expect(queue.body.chatbots).toHaveLength(1);
    expect(queue.body.chatbots[0].options[0].options[0].name).toBe("Plano anual");
    expect(await changeCount(w.pool, w.companyId, "queues", q.id)).toBe(2);
    // A member reads the queue without its option tree.
    const member = await core.api("GET", `/queue/${q.id}`, { token: w.agent.token });
    expect(member.body.chatbots).toEqual([]);
  });

  it("validates the name (at least 4) and the fields each type needs, and creates nothing", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const short = await core.api("POST", "/chatbot", { token: w.admin.token, body: { queueId: q.id, name: "Abc" } });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ name: "Too Short!" });
    const missing = await core.api("POST", "/chatbot", { token: w.admin.token, body: { queueId: q.id } });
    expect(missing.body.fields).toEqual({ name: "Required" });
    const types = await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: {
        queueId: q.id,
        name: "Tipos",
        options: [
          { name: "Agente", queueType: "attendent" },
          { name: "Fila X", queueType: "queue" },
          { name: "Integração", queueType: "integration" },
          { name: "Arquivo", queueType: "file" },
        ],
      },
    });
    expect(types.status).toBe(400);
    expect(types.body.fields).toEqual({
      "options.0.optQueueId": "Required",
      "options.0.optUserId": "Required",
      "options.1.optQueueId": "Required",
      "options.2.optIntegrationId": "Required",
      "options.3.optFileId": "Required",
    });
    expect(await countOptions(q.id)).toBe(0);
  });

  it("refuses a plain user, another company's queue, option, target queue or target user", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const agent = await core.api("POST", "/chatbot", { token: w.agent.token, body: { queueId: q.id, name: "Minha" } });
    expect(agent.status).toBe(403);
    const other = await buildCompany(w.pool);
    const foreignQueue = await buildQueue(w.pool, { companyId: other.id });
    const foreignAdmin = await signedIn(core, { companyId: other.id });
    const foreignOption = await core.api("POST", "/chatbot", {
      token: foreignAdmin.token,
      body: { queueId: foreignQueue.id, name: "Alheia" },
    });
    for (const body of [
      { queueId: foreignQueue.id, name: "Roubo" },
      { chatbotId: foreignOption.body.id, name: "Roubo" },
      { queueId: q.id, name: "Roubo", queueType: "queue", optQueueId: foreignQueue.id },
      { queueId: q.id, name: "Roubo", queueType: "attendent", optQueueId: q.id, optUserId: foreignAdmin.id },
    ]) {
      const res = await core.api("POST", "/chatbot", { token: w.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    expect(await countOptions(q.id)).toBe(0);
    expect(await countOptions(foreignQueue.id)).toBe(1);
  });
});

describe("#chatbot.update and show", () => {
  it("edits one option, checks its type's fields on the merged values, and shows it with its children", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const created = await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: { queueId: q.id, name: "Suporte", options: [{ name: "Internet" }] },
    });
    const res = await core.api("PUT", `/chatbot/${created.body.id}`, {
      token: w.admin.token,
      body: { name: "Suporte técnico", greetingMessage: "Qual serviço?" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Suporte técnico",
      greetingMessage: "Qual serviço?",
      options: [{ name: "Internet" }],
    });
    const typed = await core.api("PUT", `/chatbot/${created.body.id}`, {
      token: w.admin.token,
      body: { queueType: "attendent", optQueueId: q.id },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.fields).toEqual({ optUserId: "Required" });
    const shown = await core.api("GET", `/chatbot/${created.body.options[0].id}`, { token: w.admin.token });
    expect(shown.body).toMatchObject({ name: "Internet", chatbotId: created.body.id, options: [] });
  });

  it("answers 404 for another company's option and 403 for a plain user", async () => {
    const other = await buildCompany(w.pool);
    const foreignAdmin = await signedIn(core, { companyId: other.id });
    const fq = await buildQueue(w.pool, { companyId: other.id });
    const foreign = await core.api("POST", "/chatbot", {
      token: foreignAdmin.token,
      body: { queueId: fq.id, name: "Alheia" },
    });
    expect((await core.api("GET", `/chatbot/${foreign.body.id}`, { token: w.admin.token })).status).toBe(404);
    const put = await core.api("PUT", `/chatbot/${foreign.body.id}`, {
      token: w.admin.token,
      body: { name: "Tomada" },
    });
    expect(put.status).toBe(404);
    expect((await w.pool.query("SELECT name FROM chatbots WHERE id = $1", [foreign.body.id])).rows[0].name).toBe(
      "Alheia",
    );
    expect((await core.api("GET", `/chatbot/${foreign.body.id}`, { token: w.agent.token })).status).toBe(403);
  });
});

describe("#chatbot.delete", () => {
  it("deletes the option and every option below it, leaving its siblings", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const a = await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: { queueId: q.id, name: "Ramo A", options: [{ name: "Folha A1", options: [{ name: "Folha A11" }] }] },
    });
    await core.api("POST", "/chatbot", { token: w.admin.token, body: { queueId: q.id, name: "Ramo B" } });
    expect(await countOptions(q.id)).toBe(4);
    expect((await core.api("DELETE", `/chatbot/${a.body.id}`, { token: w.agent.token })).status).toBe(403);
    const res = await core.api("DELETE", `/chatbot/${a.body.id}`, { token: w.admin.token });
    expect(res.status).toBe(204);
    const { rows } = await w.pool.query("SELECT name FROM chatbots WHERE queue_id = $1", [q.id]);
    expect(rows).toEqual([{ name: "Ramo B" }]);
    expect((await core.api("DELETE", `/chatbot/${a.body.id}`, { token: w.admin.token })).status).toBe(404);
  });

  it("goes with its queue", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    await core.api("POST", "/chatbot", {
      token: w.admin.token,
      body: { queueId: q.id, name: "Opção", options: [{ name: "Filha" }] },
    });
    expect((await core.api("DELETE", `/queue/${q.id}`, { token: w.admin.token })).status).toBe(204);
    expect(await countOptions(q.id)).toBe(0);
  });
});
