import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildTicket } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan, changeCount, setCompanyPlan, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin" });
  const agent = await signedIn(core, { companyId, profile: "user" });
  return { pool, companyId, admin, agent };
});

let colour = 0x200000;
const nextColour = () => `#${(colour++).toString(16)}`;

describe("#queues.create", () => {
  it("creates a queue and logs it for sync", async () => {
    const res = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "Vendas", color: "#FF0000", greetingMessage: "Olá!", orderQueue: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Vendas",
      color: "#ff0000",
      greetingMessage: "Olá!",
      orderQueue: 1,
      companyId: w.companyId,
    });
    expect(await changeCount(w.pool, w.companyId, "queues", res.body.id)).toBe(1);
  });

  it("answers 409 ERR_QUEUE_COLOR_ALREADY_EXISTS for a colour the company uses, whatever its case", async () => {
    const res = await core.api("POST", "/queue", { token: w.admin.token, body: { name: "Suporte", color: "#ff0000" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    // Another company may use the same colour.
    const other = await signedIn(core, { companyId: (await buildCompany(w.pool)).id });
    expect(
      (await core.api("POST", "/queue", { token: other.token, body: { name: "X1", color: "#FF0000" } })).status,
    ).toBe(201);
  });

  it("answers 409 ERR_QUEUE_NAME_ALREADY_EXISTS for a name the company uses", async () => {
    const res = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "Vendas", color: nextColour() },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_QUEUE_NAME_ALREADY_EXISTS");
  });

  it("validates name (2 to 50) and colour, and creates nothing", async () => {
    const before = (await w.pool.query("SELECT count(*)::int AS n FROM queues")).rows[0].n;
    const bad = await core.api("POST", "/queue", { token: w.admin.token, body: { name: "V", color: "red" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: "Too Short!", color: "Invalid color" });
    const long = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "v".repeat(51), color: "#123" },
    });
    expect(long.body.fields).toEqual({ name: "Too Long!" });
    const missing = await core.api("POST", "/queue", { token: w.admin.token, body: {} });
    expect(missing.body.fields).toEqual({ name: "Required", color: "Required" });
    expect((await w.pool.query("SELECT count(*)::int AS n FROM queues")).rows[0].n).toBe(before);
  });

  it("refuses a plain user", async () => {
    const res = await core.api("POST", "/queue", { token: w.agent.token, body: { name: "Mine", color: nextColour() } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
  });

  it("stops at the plan's queue count", async () => {
    const c = await buildCompany(w.pool);
    await setCompanyPlan(w.pool, c.id, (await buildPlan(w.pool, { queues: 1 })).id);
    const a = await signedIn(core, { companyId: c.id });
    expect(
      (await core.api("POST", "/queue", { token: a.token, body: { name: "One", color: nextColour() } })).status,
    ).toBe(201);
    const second = await core.api("POST", "/queue", { token: a.token, body: { name: "Two", color: nextColour() } });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("ERR_PLAN_LIMIT_REACHED");
  });
});

describe("#queues.list and show", () => {
  it("lists the company's queues to every member in menu order, and shows one", async () => {
    const c = await buildCompany(w.pool);
    const member = await signedIn(core, { companyId: c.id, profile: "user" });
    const b = await buildQueue(w.pool, { companyId: c.id, name: "B" });
    const a = await buildQueue(w.pool, { companyId: c.id, name: "A" });
    await w.pool.query("UPDATE queues SET order_queue = 1 WHERE id = $1", [b.id]);
    const list = await core.api("GET", "/queue", { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([b.id, a.id]);
    const one = await core.api("GET", `/queue/${a.id}`, { token: member.token });
    expect(one.body).toMatchObject({ id: a.id, name: "A", companyId: c.id });
  });

  it("answers 404 ERR_NO_QUEUE_FOUND for another company's queue", async () => {
    const foreign = await buildQueue(w.pool, { companyId: (await buildCompany(w.pool)).id });
    const res = await core.api("GET", `/queue/${foreign.id}`, { token: w.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_QUEUE_FOUND");
  });
});

describe("#queues.update", () => {
  it("changes the queue and logs it", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const res = await core.api("PUT", `/queue/${q.id}`, {
      token: w.admin.token,
      body: { name: "Renamed queue", greetingMessage: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed queue", greetingMessage: null });
    expect(await changeCount(w.pool, w.companyId, "queues", q.id)).toBe(1);
  });

  it("refuses a colour another queue has, a plain user, and another company's queue", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const taken = await core.api("PUT", `/queue/${q.id}`, { token: w.admin.token, body: { color: "#ff0000" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    expect((await core.api("PUT", `/queue/${q.id}`, { token: w.agent.token, body: { name: "Mine" } })).status).toBe(
      403,
    );
    const foreign = await buildQueue(w.pool, { companyId: (await buildCompany(w.pool)).id, name: "Foreign" });
    const res = await core.api("PUT", `/queue/${foreign.id}`, { token: w.admin.token, body: { name: "Stolen" } });
    expect(res.status).toBe(404);
    expect((await w.pool.query("SELECT name FROM queues WHERE id = $1", [foreign.id])).rows[0].name).toBe("Foreign");
  });
});

describe("#queues.delete", () => {
  it("deletes the queue; its tickets stay without queue and every changed row is logged", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const member = await signedIn(core, { companyId: w.companyId, profile: "user" });
    await w.pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      member.id,
      q.id,
      w.companyId,
    ]);
    const contact = await buildContact(w.pool, { companyId: w.companyId });
    const t = await buildTicket(w.pool, { companyId: w.companyId, contactId: contact.id, queueId: q.id });
    const boot = await core.api("GET", "/sync/pull", { token: member.token });
    expect(boot.body.put.tickets.map((x: { id: number }) => x.id)).toContain(t.id);
    const res = await core.api("DELETE", `/queue/${q.id}`, { token: w.admin.token });
    expect(res.status).toBe(204);
    expect((await w.pool.query("SELECT 1 FROM queues WHERE id = $1", [q.id])).rowCount).toBe(0);
    expect((await w.pool.query("SELECT queue_id FROM tickets WHERE id = $1", [t.id])).rows[0].queue_id).toBeNull();
    expect(await changeCount(w.pool, w.companyId, "tickets", t.id)).toBe(1);
    expect(await changeCount(w.pool, w.companyId, "users", member.id)).toBe(1);
    // The member's replica drops the ticket: it left the member's queues.
    const pull = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: member.token });
    expect(pull.body.del.tickets).toContain(t.id);
    expect(pull.body.del.queues).toContain(q.id);
  });

  it("refuses a plain user and another company's queue", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    expect((await core.api("DELETE", `/queue/${q.id}`, { token: w.agent.token })).status).toBe(403);
    const foreign = await buildQueue(w.pool, { companyId: (await buildCompany(w.pool)).id });
    expect((await core.api("DELETE", `/queue/${foreign.id}`, { token: w.admin.token })).status).toBe(404);
    expect(
      (await w.pool.query("SELECT count(*)::int AS n FROM queues WHERE id = ANY($1)", [[q.id, foreign.id]])).rows[0].n,
    ).toBe(2);
  });
});
