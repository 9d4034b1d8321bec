// The super user opens any company's connection from /allConnections and does what that company's admin does
// (decision 0105): reads it (GET /whatsapp/{id} and the spec's admin variant GET /whatsapp-admin/{id}), reads what
// its dialog needs from that company, saves it with that company's queues only, drives its session and deletes it;
// every change is recorded for that company. Everyone else stays in their own company.
import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { changeCount, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => ({ superToken: (await core.login("admin@chatflow.local", "chatflow")).token }));

async function customer() {
  const name = `Cliente ${Date.now()}-${Math.random()}`;
  const c = await buildCompany(core.db.pool, { name });
  const queue = await buildQueue(core.db.pool, { companyId: c.id, name: "Vendas" });
  const main = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp", status: "DISCONNECTED" });
  const spare = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp", status: "DISCONNECTED" });
  await core.db.pool.query("UPDATE whatsapps SET is_default = (id = $2) WHERE company_id = $1", [c.id, main.id]);
  await core.db.pool.query(
    "INSERT INTO prompts (company_id, name, prompt, api_key, queue_id) VALUES ($1, 'Assistente', 'Responda.', 'sk-x', $2)",
    [c.id, queue.id],
  );
  return { id: c.id, name, queue, main, spare, admin: await signedIn(core, { companyId: c.id }) };
}

describe("the super user on another company's connection", () => {
  it("reads it and what its dialog needs from that company", async () => {
    const c = await customer();
    const plain = await core.api("GET", `/whatsapp/${c.main.id}`, { token: w.superToken });
    expect([plain.status, plain.body.id]).toEqual([200, c.main.id]);
    const admin = await core.api("GET", `/whatsapp-admin/${c.main.id}`, { token: w.superToken });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(plain.body);
    const refs = await core.api("GET", `/whatsapp-admin/${c.main.id}/references`, { token: w.superToken });
    expect(refs.status).toBe(200);
    expect(refs.body).toMatchObject({
      companyId: c.id,
      companyName: c.name,
      queues: [{ id: c.queue.id, name: "Vendas" }],
      prompts: [{ id: expect.any(Number), name: "Assistente" }],
      flows: [],
      scheduleType: "disabled",
      userRating: false,
    });
    const all = await core.api("GET", "/whatsapp/all", { token: w.superToken });
    expect(all.body.find((r: { id: number }) => r.id === c.main.id)).toMatchObject({
      companyId: c.id,
      statusImportMessages: null,
      importOldMessages: null,
    });
    const missing = await core.api("GET", "/whatsapp-admin/99999999/references", { token: w.superToken });
    expect([missing.status, missing.body.error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
  });

  it("saves it with that company's queues, never the platform's, and the change is that company's", async () => {
    const c = await customer();
    const before = await changeCount(core.db.pool, c.id, "whatsapps", c.main.id);
    const res = await core.api("PUT", `/whatsapp/${c.main.id}`, {
      token: w.superToken,
      body: { name: "Atendimento do cliente", queueIds: [c.queue.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Atendimento do cliente", queues: [{ id: c.queue.id }] });
    expect(await changeCount(core.db.pool, c.id, "whatsapps", c.main.id)).toBeGreaterThan(before);
    const platformQueue = await buildQueue(core.db.pool, { companyId: 1, name: `Plataforma ${Date.now()}` });
    const foreign = await core.api("PUT", `/whatsapp/${c.main.id}`, {
      token: w.superToken,
      body: { queueIds: [platformQueue.id] },
    });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    const { rows } = await core.db.pool.query("SELECT queue_id FROM whatsapp_queues WHERE whatsapp_id = $1", [
      c.main.id,
    ]);
    expect(rows).toEqual([{ queue_id: c.queue.id }]);
  });

  it("starts, renews and ends its session, and deletes a connection, as the company's admin would", async () => {
    const c = await customer();
    const start = await core.api("POST", `/whatsappsession/${c.main.id}`, { token: w.superToken });
    expect([start.status, start.body.status]).toEqual([200, "OPENING"]);
    const qr = await core.api("PUT", `/whatsappsession/${c.main.id}`, { token: w.superToken });
    expect(qr.status).toBe(200);
    const end = await core.api("DELETE", `/whatsappsession/${c.main.id}`, { token: w.superToken });
    expect([end.status, end.body.status]).toEqual([200, "DISCONNECTED"]);
    const removed = await core.api("DELETE", `/whatsapp/${c.spare.id}`, { token: w.superToken });
    expect([removed.status, removed.body]).toEqual([204, undefined]);
    const { rowCount } = await core.db.pool.query("SELECT 1 FROM whatsapps WHERE id = $1", [c.spare.id]);
    expect(rowCount).toBe(0);
  });

  it("is the super user's alone: a company's admin gets 403 on the admin variant and 404 on another company's", async () => {
    const c = await customer();
    const other = await customer();
    const variant = await core.api("GET", `/whatsapp-admin/${c.main.id}`, { token: c.admin.token });
    expect([variant.status, variant.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const refs = await core.api("GET", `/whatsapp-admin/${c.main.id}/references`, { token: c.admin.token });
    expect([refs.status, refs.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const foreign = await core.api("PUT", `/whatsapp/${other.main.id}`, {
      token: c.admin.token,
      body: { name: "Tomado" },
    });
    expect([foreign.status, foreign.body.error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
  });
});
