// The calls of spec 2 §7 Integrations and Prompts: CRUD with the §5 rules, the company scope, the profile and
// the plan flags (useIntegrations, useOpenAi), and the queue/chatbot references to integrations.
import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildUser } from "../testing/factories.ts";
import { currentCursor, listsChangedBy, listsChangedSince } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const world = await twoCompanies(core);
  const { pool, companyId, otherCompanyId } = world;
  const queue = await buildQueue(pool, { companyId });
  const otherQueue = await buildQueue(pool, { companyId: otherCompanyId });
  return { ...world, other: world.otherAdmin, queue, otherQueue };
});

const typebot = {
  type: "typebot",
  name: "Vendas bot",
  urlN8N: "https://typebot.example.com",
  typebotSlug: "vendas-2024",
  typebotKeywordFinish: "sair",
};
const prompt = {
  name: "Assistente",
  prompt: "Você é um assistente de vendas educado que responde em português do Brasil.",
  voice: "texto",
  maxTokens: 100,
  temperature: 1,
  apiKey: "sk-secret-key-1234",
  maxMessages: 10,
};

async function createIntegration(body: Record<string, unknown> = typebot, token = w.admin) {
  const res = await core.api("POST", "/queueIntegration", { token, body });
  expect(res.status).toBe(200);
  return res.body as { id: number; signingSecret: string };
}

describe("#queueIntegration", () => {
  it("creates, reads, searches, edits and deletes, with the spec's defaults", async () => {
    const created = await createIntegration();
    expect(created).toMatchObject({ ...typebot, typebotExpires: 1, typebotDelayMessage: 1000 });
    expect(created.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    const hook = await createIntegration({ type: "webhook", name: "Meu CRM", urlN8N: "https://crm.example.com/hook" });
    const page = await core.api("GET", "/queueIntegration?searchParam=crm", { token: w.admin });
    expect(page.body).toMatchObject({ count: 1, hasMore: false, queueIntegrations: [{ id: hook.id }] });
    const edited = await core.api("PUT", `/queueIntegration/${created.id}`, {
      token: w.admin,
      body: { ...typebot, name: "Suporte bot", typebotDelayMessage: 500 },
    });
    expect(edited.body).toMatchObject({ name: "Suporte bot", typebotDelayMessage: 500 });
    const shown = await core.api("GET", `/queueIntegration/${created.id}`, { token: w.admin });
    expect(shown.body.signingSecret).toBe(created.signingSecret);
    const gone = await core.api("DELETE", `/queueIntegration/${hook.id}`, { token: w.admin });
    expect(gone.status).toBe(200);
    expect((await core.api("GET", `/queueIntegration/${hook.id}`, { token: w.admin })).status).toBe(404);
  });

  it("answers the spec's validation texts (name 2 to 50; typebot needs urlN8N and typebotSlug)", async () => {
    const short = await core.api("POST", "/queueIntegration", { token: w.admin, body: { ...typebot, name: "a" } });
    expect([short.status, short.body.fields]).toEqual([400, { name: "Too Short!" }]);
    const long = await core.api("POST", "/queueIntegration", {
      token: w.admin,
      body: { ...typebot, name: "x".repeat(51) },
    });
    expect(long.body.fields).toEqual({ name: "Too Long!" });
    const bare = await core.api("POST", "/queueIntegration", {
      token: w.admin,
      body: { type: "typebot", name: "Bot" },
    });
    expect(bare.body.fields).toEqual({ urlN8N: "Required", typebotSlug: "Required" });
    const badUrl = await core.api("POST", "/queueIntegration", {
      token: w.admin,
      body: { type: "n8n", name: "Fluxo", urlN8N: "file:///etc/passwd" },
    });
    expect(badUrl.body.fields).toEqual({ urlN8N: "Invalid URL" });
    const badType = await core.api("POST", "/queueIntegration", { token: w.admin, body: { type: "ftp", name: "X1" } });
    expect(badType.status).toBe(400);
  });

  it("refuses a URL naming a loopback, private or link-local address when saved, and changes nothing", async () => {
    const mine = await createIntegration({ type: "webhook", name: "CRM seguro", urlN8N: "https://crm.example.com/h" });
    const before = await core.api("GET", "/queueIntegration?searchParam=crm seguro", { token: w.admin });
    for (const urlN8N of [
      "http://127.0.0.1:5678/webhook",
      "http://localhost:5678/webhook",
      "http://[::1]/hook",
      "http://10.1.2.3/hook",
      "http://192.168.0.10/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.1]/hook",
    ]) {
      const created = await core.api("POST", "/queueIntegration", {
        token: w.admin,
        body: { type: "n8n", name: "Interno", urlN8N },
      });
      expect([created.status, created.body.error, created.body.fields], urlN8N).toEqual([
        400,
        "ERR_VALIDATION",
        { urlN8N: "Private addresses are not allowed" },
      ]);
      const edited = await core.api("PUT", `/queueIntegration/${mine.id}`, {
        token: w.admin,
        body: { type: "webhook", name: "CRM seguro", urlN8N },
      });
      expect(edited.body.fields, urlN8N).toEqual({ urlN8N: "Private addresses are not allowed" });
    }
    expect((await core.api("GET", "/queueIntegration?searchParam=crm seguro", { token: w.admin })).body).toEqual(
      before.body,
    );
    expect((await core.api("GET", "/queueIntegration?searchParam=interno", { token: w.admin })).body.count).toBe(0);
    // A public address is taken, as a name that does not resolve from here (the call-time check still stands).
    await createIntegration({ type: "n8n", name: "Público", urlN8N: "http://93.184.215.14/hook" });
  });

  it("answers another company's integration as missing, and leaves it out of the list", async () => {
    const mine = await createIntegration();
    for (const [method, body] of [["GET"], ["PUT", typebot], ["DELETE"]] as const) {
      const res = await core.api(method, `/queueIntegration/${mine.id}`, { token: w.other, body });
      expect([res.status, res.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    }
    const list = await core.api("GET", "/queueIntegration", { token: w.other });
    expect(list.body.queueIntegrations).toEqual([]);
  });

  it("lets queues and chatbot options name only the company's integrations, and clears them on delete", async () => {
    const mine = await createIntegration();
    const theirs = await createIntegration(typebot, w.other);
    const refused = await core.api("PUT", `/queue/${w.queue.id}`, {
      token: w.admin,
      body: { integrationId: theirs.id },
    });
    expect([refused.status, refused.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    const set = await core.api("PUT", `/queue/${w.queue.id}`, { token: w.admin, body: { integrationId: mine.id } });
    expect([set.status, set.body.integrationId]).toEqual([200, mine.id]);
    const option = await core.api("POST", "/chatbot", {
      token: w.admin,
      body: { queueId: w.queue.id, name: "Robô", queueType: "integration", optIntegrationId: theirs.id },
    });
    expect(option.status).toBe(404);
    await core.api("DELETE", `/queueIntegration/${mine.id}`, { token: w.admin });
    const queue = await core.api("GET", `/queue/${w.queue.id}`, { token: w.admin });
    expect(queue.body.integrationId).toBeNull();
  });

  it("checks Dialogflow credentials on testSession", async () => {
    const key = {
      type: "service_account",
      project_id: "loja",
      client_email: "bot@loja.iam",
      private_key: "-----BEGIN PRIVATE KEY-----\nx",
    };
    const ok = await core.api("POST", "/queueIntegration/testSession", {
      token: w.admin,
      body: { projectName: "loja", jsonContent: JSON.stringify(key), language: "pt-BR" },
    });
    expect(ok.body).toMatchObject({ ok: true, projectId: "loja" });
    const other = await core.api("POST", "/queueIntegration/testSession", {
      token: w.admin,
      body: { projectName: "outra", jsonContent: JSON.stringify(key), language: "pt-BR" },
    });
    expect(other.status).toBe(400);
  });
});

describe("#prompt", () => {
  it("creates with the spec's defaults, masks the key, edits keeping the key, deletes", async () => {
    const res = await core.api("POST", "/prompt", { token: w.admin, body: { ...prompt, queueId: w.queue.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Assistente",
      apiKey: "****1234",
      queue: { id: w.queue.id },
      maxMessages: 10,
    });
    const id = res.body.id;
    const edited = await core.api("PUT", `/prompt/${id}`, {
      token: w.admin,
      body: { ...prompt, apiKey: "", name: "Assistente 2", temperature: 0.5, queueId: w.queue.id },
    });
    expect(edited.body).toMatchObject({ name: "Assistente 2", temperature: 0.5, apiKey: "****1234" });
    const stored = await core.db.pool.query("SELECT api_key FROM prompts WHERE id = $1", [id]);
    expect(stored.rows[0].api_key).toBe("sk-secret-key-1234");
    const list = await core.api("GET", "/prompt", { token: w.admin });
    expect(list.body.prompts.map((p: { id: number }) => p.id)).toContain(id);
    expect((await core.api("DELETE", `/prompt/${id}`, { token: w.admin })).status).toBe(200);
    expect((await core.api("GET", `/prompt/${id}`, { token: w.admin })).status).toBe(404);
  });

  it("answers the spec's rules: name 5 to 100, prompt at least 50, the queue ('Informe o setor')", async () => {
    const res = await core.api("POST", "/prompt", {
      token: w.admin,
      body: { ...prompt, name: "Abc", prompt: "curto", apiKey: undefined },
    });
    expect([res.status, res.body.fields]).toEqual([
      400,
      { name: "Too Short!", prompt: "Too Short!", apiKey: "Required", queueId: "Informe o setor" },
    ]);
    const hot = await core.api("POST", "/prompt", {
      token: w.admin,
      body: { ...prompt, temperature: 3, queueId: w.queue.id },
    });
    expect(hot.body.fields).toEqual({ temperature: "Too Long!" });
    // The region becomes part of the speech service's host name: a bare region name only.
    const host = await core.api("POST", "/prompt", {
      token: w.admin,
      body: { ...prompt, voiceRegion: "evil.example.com/x", queueId: w.queue.id },
    });
    expect(host.body.fields).toEqual({ voiceRegion: "Invalid region" });
  });

  it("keeps to the company: another company's queue and prompt answer as missing", async () => {
    const foreignQueue = await core.api("POST", "/prompt", {
      token: w.admin,
      body: { ...prompt, queueId: w.otherQueue.id },
    });
    expect([foreignQueue.status, foreignQueue.body.error]).toEqual([404, "ERR_NO_QUEUE_FOUND"]);
    const mine = await core.api("POST", "/prompt", { token: w.admin, body: { ...prompt, queueId: w.queue.id } });
    for (const [method, body] of [["GET"], ["PUT", { ...prompt, queueId: w.otherQueue.id }], ["DELETE"]] as const) {
      const res = await core.api(method, `/prompt/${mine.body.id}`, { token: w.other, body });
      expect([res.status, res.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    }
    expect((await core.api("GET", "/prompt", { token: w.other })).body.prompts).toEqual([]);
  });
});

describe("a connection's integration and prompt (decision 0062)", () => {
  it("GET/POST/PUT /whatsapp carry them, only the company's, and deleting one clears it", async () => {
    const mine = await createIntegration({ type: "webhook", name: "Conexão CRM", urlN8N: "https://crm.example.com/w" });
    const theirs = await createIntegration(typebot, w.other);
    const myPrompt = await core.api("POST", "/prompt", { token: w.admin, body: { ...prompt, queueId: w.queue.id } });
    const theirPrompt = await core.api("POST", "/prompt", {
      token: w.other,
      body: { ...prompt, queueId: w.otherQueue.id },
    });
    const made = await core.api("POST", "/whatsapp", {
      token: w.admin,
      body: { name: `Loja ${mine.id}`, integrationId: mine.id, promptId: myPrompt.body.id },
    });
    expect([made.status, made.body.integrationId, made.body.promptId]).toEqual([201, mine.id, myPrompt.body.id]);
    const id = made.body.id as number;
    const shown = await core.api("GET", `/whatsapp/${id}`, { token: w.admin });
    expect([shown.body.integrationId, shown.body.promptId]).toEqual([mine.id, myPrompt.body.id]);
    const listed = await core.api("GET", "/whatsapp", { token: w.admin });
    expect(listed.body.find((c: { id: number }) => c.id === id)).toMatchObject({ integrationId: mine.id });

    // Another company's integration or prompt answers as missing, and changes nothing.
    for (const body of [{ integrationId: theirs.id }, { promptId: theirPrompt.body.id }]) {
      const refused = await core.api("PUT", `/whatsapp/${id}`, { token: w.admin, body });
      expect([refused.status, refused.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    }
    const foreignOnCreate = await core.api("POST", "/whatsapp", {
      token: w.admin,
      body: { name: `Outra ${mine.id}`, promptId: theirPrompt.body.id },
    });
    expect([foreignOnCreate.status, foreignOnCreate.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    const bad = await core.api("PUT", `/whatsapp/${id}`, { token: w.admin, body: { integrationId: "x" } });
    expect(bad.status).toBe(400);

    // An edit without them keeps them; deleting the integration and the prompt clears them from the connection.
    await core.api("PUT", `/whatsapp/${id}`, { token: w.admin, body: { name: `Loja nova ${mine.id}` } });
    expect((await core.api("GET", `/whatsapp/${id}`, { token: w.admin })).body).toMatchObject({
      integrationId: mine.id,
      promptId: myPrompt.body.id,
    });
    await core.api("DELETE", `/queueIntegration/${mine.id}`, { token: w.admin });
    await core.api("DELETE", `/prompt/${myPrompt.body.id}`, { token: w.admin });
    const cleared = await core.api("GET", `/whatsapp/${id}`, { token: w.admin });
    expect([cleared.body.integrationId, cleared.body.promptId]).toEqual([null, null]);
  });
});

describe("#live updates", () => {
  it("names integrations and prompts in the next pull of an admin after each write, not of a plain user", async () => {
    let id = 0;
    expect(
      await listsChangedBy(core, w.admin, async () => {
        id = (await createIntegration({ type: "webhook", name: "Ao vivo", urlN8N: "https://crm.example.com/live" })).id;
      }),
    ).toEqual(["queueIntegrations"]);
    const before = await currentCursor(core, w.agent);
    expect(
      await listsChangedBy(core, w.admin, () =>
        core.api("PUT", `/queueIntegration/${id}`, {
          token: w.admin,
          body: { type: "webhook", name: "Ao vivo 2", urlN8N: "https://crm.example.com/live" },
        }),
      ),
    ).toEqual(["queueIntegrations"]);
    expect(
      await listsChangedBy(core, w.admin, () => core.api("DELETE", `/queueIntegration/${id}`, { token: w.admin })),
    ).toEqual(["queueIntegrations"]);
    expect(await listsChangedSince(core, w.agent, before)).toBeUndefined();

    let promptId = 0;
    expect(
      await listsChangedBy(core, w.admin, async () => {
        const res = await core.api("POST", "/prompt", { token: w.admin, body: { ...prompt, queueId: w.queue.id } });
        expect(res.status).toBe(200);
        promptId = res.body.id;
      }),
    ).toEqual(["prompts"]);
    expect(
      await listsChangedBy(core, w.admin, () => core.api("DELETE", `/prompt/${promptId}`, { token: w.admin })),
    ).toEqual(["prompts"]);
  });
});

describe("#access", () => {
  it("is refused to a profile user, and to plans without useIntegrations or useOpenAi with the spec's text", async () => {
    for (const url of ["/queueIntegration", "/prompt"]) {
      const refused = await core.api("GET", url, { token: w.agent });
      expect([refused.status, refused.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    const pool = core.db.pool;
    const plan = await pool.query(
      "INSERT INTO plans (name, use_integrations, use_open_ai) VALUES ('Básico', false, false) RETURNING id",
    );
    const company = await buildCompany(pool);
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0].id]);
    const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const { token } = await core.login(admin.email, admin.password);
    for (const [method, url, body] of [
      ["GET", "/queueIntegration", undefined],
      ["POST", "/queueIntegration", typebot],
      ["GET", "/prompt", undefined],
      ["POST", "/prompt", prompt],
    ] as const) {
      const res = await core.api(method, url, { token, body });
      expect([res.status, res.body.message]).toEqual([
        403,
        "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
      ]);
    }
  });
});
