// The calls of spec 3 §7 Campaigns and campaign settings: CRUD with the §4 edit rule and §5 validation, cancel and
// restart, the attachment, the §9 settings defaults and options, the profile and the plan flag useCampaigns.
import { describe, expect, it } from "vitest";
import { CAMPAIGN_SETTINGS_DEFAULTS, renderCampaignMessage } from "../contract/campaigns.ts";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { listsChangedBy } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { companyWithStaff } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const { pool, companyId, admin, agent } = await companyWithStaff(core);
  const whatsapp = await buildWhatsapp(pool, { companyId });
  const queue = await buildQueue(pool, { companyId });
  const list = await pool.query<{ id: number }>(
    "INSERT INTO contact_lists (company_id, name) VALUES ($1, 'Clientes') RETURNING id",
    [companyId],
  );
  return {
    companyId,
    admin: admin.token,
    agent: agent.token,
    agentId: agent.id,
    whatsappId: whatsapp.id,
    queueId: queue.id,
    listId: list.rows[0]!.id,
  };
});

const base = () => ({ name: "Black Friday", whatsappId: w.whatsappId, contactListId: w.listId, message1: "Oi {nome}" });
const hoursAhead = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function create(body: Record<string, unknown> = base()) {
  const res = await core.api("POST", "/campaigns", { token: w.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; status: string };
}

describe("#campaigns", () => {
  it("creates INATIVA with the §4 defaults, PROGRAMADA with a schedule, and lists, reads and deletes", async () => {
    const draft = await create();
    expect(draft).toMatchObject({
      status: "INATIVA",
      statusTicket: "closed",
      openTicket: "disabled",
      confirmation: false,
      whatsapp: { id: w.whatsappId },
      contactList: { id: w.listId, name: "Clientes" },
    });
    const scheduled = await create({ ...base(), name: "Natal", scheduledAt: hoursAhead(3) });
    expect(scheduled.status).toBe("PROGRAMADA");
    const page = await core.api("GET", "/campaigns?searchParam=natal", { token: w.admin });
    expect(page.body).toMatchObject({ count: 1, hasMore: false, records: [{ id: scheduled.id }] });
    const report = await core.api("GET", `/campaigns/${draft.id}`, { token: w.admin });
    expect(report.body.totals).toEqual({
      contacts: 0,
      valid: 0,
      shippings: 0,
      delivered: 0,
      confirmationRequested: 0,
      confirmed: 0,
      failed: 0,
    });
    expect((await core.api("DELETE", `/campaigns/${draft.id}`, { token: w.admin })).status).toBe(200);
    expect((await core.api("GET", `/campaigns/${draft.id}`, { token: w.admin })).body.error).toBe("ERR_NOT_FOUND");
  });

  it("answers the §5 rules and writes nothing on bad input", async () => {
    const res = await core.api("POST", "/campaigns", {
      token: w.admin,
      body: { name: "x", openTicket: "enabled", userId: w.agentId, message1: "m".repeat(5000) },
    });
    expect(res.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { name: "Too Short!", whatsappId: expect.any(String), message1: "Too Long!" },
    });
    const refs = await core.api("POST", "/campaigns", {
      token: w.admin,
      body: { name: "Sem fila", whatsappId: w.whatsappId, openTicket: "enabled", userId: w.agentId },
    });
    expect(refs.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { queueId: "Required", contactListId: "Required" },
    });
    const count = await core.db.pool.query("SELECT count(*)::int AS n FROM campaigns WHERE company_id = $1", [
      w.companyId,
    ]);
    const other = (await buildCompany(core.db.pool)).id;
    const theirs = await buildWhatsapp(core.db.pool, { companyId: other });
    const foreign = await core.api("POST", "/campaigns", {
      token: w.admin,
      body: { ...base(), whatsappId: theirs.id },
    });
    expect(foreign.body.error).toBe("ERR_NO_WAPP_FOUND");
    const after = await core.db.pool.query("SELECT count(*)::int AS n FROM campaigns WHERE company_id = $1", [
      w.companyId,
    ]);
    expect(after.rows[0].n).toBe(count.rows[0].n);
  });

  it("drops user, queue and ticket status while openTicket is disabled", async () => {
    const c = await create({ ...base(), userId: w.agentId, queueId: w.queueId, statusTicket: "open" });
    expect(c).toMatchObject({ userId: null, queueId: null, statusTicket: "closed" });
    const open = await create({
      ...base(),
      openTicket: "enabled",
      userId: w.agentId,
      queueId: w.queueId,
      statusTicket: "open",
    });
    expect(open).toMatchObject({ userId: w.agentId, queueId: w.queueId, statusTicket: "open" });
  });

  it("saves only INATIVA, PROGRAMADA more than an hour ahead, and CANCELADA", async () => {
    const soon = await create({ ...base(), scheduledAt: hoursAhead(0.5) });
    const put = (id: number, body: Record<string, unknown>) =>
      core.api("PUT", `/campaigns/${id}`, { token: w.admin, body });
    expect((await put(soon.id, { ...base(), name: "Editada" })).body.error).toBe("ERR_WRONG_STATE");
    const later = await create({ ...base(), scheduledAt: hoursAhead(2) });
    const edited = await put(later.id, { ...base(), name: "Editada" });
    expect(edited.body).toMatchObject({ name: "Editada", status: "INATIVA", scheduledAt: null });
    await core.db.pool.query("UPDATE campaigns SET status = 'EM_ANDAMENTO' WHERE id = $1", [later.id]);
    expect((await put(later.id, base())).body.error).toBe("ERR_WRONG_STATE");
    const cancelled = await core.api("POST", `/campaigns/${later.id}/cancel`, { token: w.admin });
    expect(cancelled.body.status).toBe("CANCELADA");
    expect((await put(later.id, { ...base(), message2: "Outra" })).body).toMatchObject({
      status: "CANCELADA",
      message2: "Outra",
    });
    const restarted = await core.api("POST", `/campaigns/${later.id}/restart`, { token: w.admin });
    expect(restarted.body.status).toBe("EM_ANDAMENTO");
    const again = await core.api("POST", `/campaigns/${later.id}/restart`, { token: w.admin });
    expect(again.body.error).toBe("ERR_WRONG_STATE");
  });

  it("keeps one attachment, replaced and removed", async () => {
    const c = await create();
    const upload = async () => {
      const form = new FormData();
      form.append("file", new Blob(["%PDF-1.4 catálogo"], { type: "application/pdf" }), "catalogo.pdf");
      const res = await fetch(`${core.url}/campaigns/${c.id}/media-upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${w.admin}` },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };
    const first = await upload();
    expect(first.body).toMatchObject({ mediaName: "catalogo.pdf", mediaPath: expect.stringMatching(/^\/media\//) });
    const removed = await core.api("DELETE", `/campaigns/${c.id}/media-upload`, { token: w.admin });
    expect(removed.body).toMatchObject({ mediaName: null, mediaPath: null });
  });

  it("tells the company's devices that the campaigns changed", async () => {
    expect(await listsChangedBy(core, w.admin, () => create())).toEqual(expect.arrayContaining(["campaigns"]));
  });

  it("fills {nome}, {numero}, {email} and the custom variables", () => {
    const contact = { name: "Ana", number: "5511999990001", email: "ana@x.com" };
    expect(
      renderCampaignMessage("Oi {nome} ({numero}, {EMAIL}): {cupom} {desconhecida}", contact, [
        { key: "cupom", value: "BF10" },
      ]),
    ).toBe("Oi Ana (5511999990001, ana@x.com): BF10 {desconhecida}");
  });
});

describe("#campaign-settings", () => {
  it("answers the §9 defaults, saves the keys it is given and refuses values outside the options", async () => {
    const fresh = await core.api("GET", "/campaign-settings", { token: w.admin });
    expect(fresh.body).toEqual(CAMPAIGN_SETTINGS_DEFAULTS);
    const saved = await core.api("POST", "/campaign-settings", {
      token: w.admin,
      body: { settings: { messageInterval: 5, sabado: true, variables: [{ key: "cupom", value: "BF10" }] } },
    });
    expect(saved.body).toEqual({
      ...CAMPAIGN_SETTINGS_DEFAULTS,
      messageInterval: 5,
      sabado: "true",
      variables: [{ key: "cupom", value: "BF10" }],
    });
    const bad = await core.api("POST", "/campaign-settings", {
      token: w.admin,
      body: { settings: { messageInterval: 7, startHour: "25:00", variables: [{ key: "nome", value: "x" }] } },
    });
    expect(bad.body).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await core.api("GET", "/campaign-settings", { token: w.admin })).body.messageInterval).toBe(5);
  });

  it("refuses a profile user, and a plan without useCampaigns", async () => {
    for (const [method, path] of [
      ["GET", "/campaigns"],
      ["GET", "/campaign-settings"],
      ["POST", "/campaign-settings"],
      ["POST", "/campaigns"],
    ] as const) {
      const res = await core.api(method, path, { token: w.agent, ...(method === "POST" ? { body: {} } : {}) });
      expect(res.body.error, `${method} ${path}`).toBe("ERR_NO_PERMISSION");
    }
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const plan = await pool.query("INSERT INTO plans (name, use_campaigns) VALUES ('Sem', false) RETURNING id");
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0].id]);
    const { token } = await core.login(admin.email, admin.password);
    const res = await core.api("GET", "/campaign-settings", { token });
    expect(res.status).toBe(403);
  });
});
