import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildTicket } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan, changeCount, companyWithStaff, setCompanyPlan, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(() => companyWithStaff(core));

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
    const res = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "Suporte", color: "#ff0000", greetingMessage: "Oi" },
    });
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
      body: { name: "Vendas", color: nextColour(), greetingMessage: "Oi" },
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
      body: { name: "Renamed queue", greetingMessage: "Novo texto" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed queue", greetingMessage: "Novo texto" });
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

const HOURS = [
  {
    weekday: "Segunda-feira",
    weekdayEn: "monday",
    startTimeA: "08:00",
    endTimeA: "12:00",
    startTimeB: "13:00",
    endTimeB: "18:00",
  },
];

describe("#queues every field and the §5 rules", () => {
  it("stores and answers every field of the Queue entity", async () => {
    const c = await buildCompany(w.pool);
    const a = await signedIn(core, { companyId: c.id });
    // The file list must be the company's (decision 0048), and so must the integration (decision 0056).
    const fileListId = (
      await w.pool.query("INSERT INTO file_lists (company_id, name, message) VALUES ($1, 'Lista', 'x') RETURNING id", [
        c.id,
      ])
    ).rows[0].id;
    const integrationId = (
      await w.pool.query(
        "INSERT INTO queue_integrations (company_id, type, name, url_n8n, signing_secret) VALUES ($1, 'webhook', 'CRM', 'https://crm.example.com', 'k') RETURNING id",
        [c.id],
      )
    ).rows[0].id;
    const body = {
      name: "Completa",
      color: "#0a0b0c",
      greetingMessage: "Olá",
      outOfHoursMessage: "Fechado",
      completionMessage: "Até logo",
      orderQueue: 2,
      closeTicket: true,
      ativarRoteador: true,
      tempoRoteador: 15,
      integrationId,
      fileListId,
      schedules: HOURS,
    };
    const res = await core.api("POST", "/queue", { token: a.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(body);
    const one = await core.api("GET", `/queue/${res.body.id}`, { token: a.token });
    expect(one.body).toMatchObject({ ...body, chatbots: [] });
    const upd = await core.api("PUT", `/queue/${res.body.id}`, {
      token: a.token,
      body: { tempoRoteador: 60, closeTicket: false, schedules: [] },
    });
    expect(upd.body).toMatchObject({
      tempoRoteador: 60,
      closeTicket: false,
      schedules: [],
      outOfHoursMessage: "Fechado",
    });
  });

  it("refuses rotation times outside 2, 5, 10, 15, 30, 45, 60 and bad hours", async () => {
    const bad = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "Rotação", color: nextColour(), greetingMessage: "Oi", tempoRoteador: 7 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ tempoRoteador: "Invalid option" });
    const hours = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: {
        name: "Horas",
        color: nextColour(),
        greetingMessage: "Oi",
        schedules: [{ ...HOURS[0], endTimeA: "25:00" }],
      },
    });
    expect(hours.status).toBe(400);
    expect(hours.body.fields).toEqual({ "schedules.0.endTimeA": "Invalid time" });
  });

  it("refuses a colour shorter than 3 or longer than 9 characters", async () => {
    const short = await core.api("POST", "/queue", { token: w.admin.token, body: { name: "Cor", color: "#1" } });
    expect(short.body.fields).toMatchObject({ color: "Too Short!" });
    const long = await core.api("POST", "/queue", {
      token: w.admin.token,
      body: { name: "Cor", color: "#1234567890" },
    });
    expect(long.body.fields).toMatchObject({ color: "Too Long!" });
  });

  it("requires a greeting once the company has more than one queue, not for its first", async () => {
    const c = await buildCompany(w.pool);
    const a = await signedIn(core, { companyId: c.id });
    const first = await core.api("POST", "/queue", { token: a.token, body: { name: "Primeira", color: nextColour() } });
    expect(first.status).toBe(201);
    const second = await core.api("POST", "/queue", { token: a.token, body: { name: "Segunda", color: nextColour() } });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { greetingMessage: "Greeting message required when more than one queue exists" },
    });
    const ok = await core.api("POST", "/queue", {
      token: a.token,
      body: { name: "Segunda", color: nextColour(), greetingMessage: "Oi" },
    });
    expect(ok.status).toBe(201);
    // With two queues, clearing a greeting is refused too.
    const clear = await core.api("PUT", `/queue/${ok.body.id}`, { token: a.token, body: { greetingMessage: " " } });
    expect(clear.status).toBe(400);
    expect(clear.body.fields).toEqual({ greetingMessage: "Greeting message required when more than one queue exists" });
  });

  it("requires the out-of-hours message when the company's scheduleType is queue", async () => {
    const c = await buildCompany(w.pool);
    const a = await signedIn(core, { companyId: c.id });
    await w.pool.query(
      "INSERT INTO settings (company_id, key, value) VALUES ($1, 'scheduleType', 'queue') ON CONFLICT (company_id, key) DO UPDATE SET value = 'queue'",
      [c.id],
    );
    const res = await core.api("POST", "/queue", { token: a.token, body: { name: "Horário", color: nextColour() } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      outOfHoursMessage: "Out of hours message required when the schedule type is queue",
    });
    const ok = await core.api("POST", "/queue", {
      token: a.token,
      body: { name: "Horário", color: nextColour(), outOfHoursMessage: "Estamos fechados" },
    });
    expect(ok.status).toBe(201);
  });
});
