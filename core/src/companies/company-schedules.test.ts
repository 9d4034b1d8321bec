import { describe, expect, it } from "vitest";
import { businessClock } from "../bot/service-hours.ts";
import { defaultQueueSchedules } from "../contract/queues.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const company = await buildCompany(core.db.pool);
  const admin = await signedIn(core, { companyId: company.id, profile: "admin" });
  const agent = await signedIn(core, { companyId: company.id, profile: "user" });
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { companyId: company.id, admin, agent, superToken };
});

const schedulesOf = async (companyId: number) =>
  (await core.db.pool.query("SELECT schedules FROM companies WHERE id = $1", [companyId])).rows[0].schedules;

const put = (token: string, id: number, body: unknown) =>
  core.api("PUT", `/companies/${id}/schedules`, { token, body });

describe("#companies.schedules", () => {
  it("lets the company's admin set its hours and answers them", async () => {
    const hours = defaultQueueSchedules();
    const res = await put(w.admin.token, w.companyId, { schedules: hours });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: w.companyId, schedules: hours });
    expect(await schedulesOf(w.companyId)).toEqual(hours);
    // An empty list clears them (always open).
    expect((await put(w.admin.token, w.companyId, { schedules: [] })).body.schedules).toEqual([]);
  });

  it("refuses a plain user, bad times and repeated weekdays", async () => {
    const before = await schedulesOf(w.companyId);
    expect((await put(w.agent.token, w.companyId, { schedules: [] })).body.error).toBe("ERR_NO_PERMISSION");
    const bad = defaultQueueSchedules();
    bad[0] = { ...bad[0]!, startTimeA: "25:00" };
    const res = await put(w.admin.token, w.companyId, { schedules: bad });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    const twice = [defaultQueueSchedules()[0], defaultQueueSchedules()[0]];
    expect((await put(w.admin.token, w.companyId, { schedules: twice })).status).toBe(400);
    expect(await schedulesOf(w.companyId)).toEqual(before);
  });

  it("answers 404 for another company's id, and lets the super user set any company's hours", async () => {
    const other = await buildCompany(core.db.pool);
    const res = await put(w.admin.token, other.id, { schedules: defaultQueueSchedules() });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_COMPANY_FOUND");
    expect(await schedulesOf(other.id)).toEqual([]);
    const ok = await put(w.superToken, other.id, { schedules: defaultQueueSchedules() });
    expect(ok.status).toBe(200);
    expect(await schedulesOf(other.id)).toEqual(defaultQueueSchedules());
    expect((await put(w.superToken, 999_999, { schedules: [] })).body.error).toBe("ERR_NO_COMPANY_FOUND");
  });
});

describe("#companies.show", () => {
  it("answers the admin's own company with its hours, any company to the super user", async () => {
    await put(w.admin.token, w.companyId, { schedules: defaultQueueSchedules() });
    const own = await core.api("GET", `/companies/${w.companyId}`, { token: w.admin.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: w.companyId, status: true, schedules: defaultQueueSchedules() });
    const bySuper = await core.api("GET", `/companies/${w.companyId}`, { token: w.superToken });
    expect(bySuper.body.id).toBe(w.companyId);
  });

  it("answers 404 for another company's id, and ERR_NO_PERMISSION to a plain user", async () => {
    const other = await core.api("GET", "/companies/1", { token: w.admin.token });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("ERR_NO_COMPANY_FOUND");
    const plain = await core.api("GET", `/companies/${w.companyId}`, { token: w.agent.token });
    expect(plain.status).toBe(403);
    expect(plain.body.error).toBe("ERR_NO_PERMISSION");
  });
});

describe("ERR_OUT_OF_HOURS for an agent outside startWork-endWork", () => {
  /** A one-minute shift two hours from now: now is outside it whatever the time of the run. */
  const elsewhere = () => {
    const { time } = businessClock(new Date(Date.now() + 2 * 3600_000));
    return { start: time, end: time };
  };

  it("refuses a plain user's login outside their hours, not an admin's", async () => {
    const shift = elsewhere();
    const agent = await buildUser(core.db.pool, { companyId: w.companyId, profile: "user" });
    const admin = await buildUser(core.db.pool, { companyId: w.companyId, profile: "admin" });
    await core.db.pool.query("UPDATE users SET start_work = $2, end_work = $3 WHERE id = ANY($1)", [
      [agent.id, admin.id],
      shift.start,
      shift.end,
    ]);
    const refused = await core.api("POST", "/auth/login", { body: { email: agent.email, password: agent.password } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("ERR_OUT_OF_HOURS");
    const { rows } = await core.db.pool.query("SELECT session_id FROM users WHERE id = $1", [agent.id]);
    expect(rows[0].session_id).toBeNull();
    const ok = await core.api("POST", "/auth/login", { body: { email: admin.email, password: admin.password } });
    expect(ok.status).toBe(200);
    // A wrong password still answers as one, out of hours or not.
    const wrong = await core.api("POST", "/auth/login", { body: { email: agent.email, password: "nope-nope" } });
    expect(wrong.body.error).toBe("ERR_INVALID_CREDENTIALS");
    // Within hours again, the same user signs in.
    await core.db.pool.query("UPDATE users SET start_work = '00:00', end_work = '23:59' WHERE id = $1", [agent.id]);
    expect(
      (await core.api("POST", "/auth/login", { body: { email: agent.email, password: agent.password } })).status,
    ).toBe(200);
  });

  it("refuses a plain user's accept outside their hours and leaves the ticket pending", async () => {
    const shift = elsewhere();
    const contact = await buildContact(core.db.pool, { companyId: w.companyId });
    const queue = await buildQueue(core.db.pool, { companyId: w.companyId });
    await core.db.pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      w.agent.id,
      queue.id,
      w.companyId,
    ]);
    const t = await buildTicket(core.db.pool, { companyId: w.companyId, contactId: contact.id, queueId: queue.id });
    await core.db.pool.query("UPDATE users SET start_work = $2, end_work = $3 WHERE id = $1", [
      w.agent.id,
      shift.start,
      shift.end,
    ]);
    const res = await core.api("PUT", `/tickets/${t.id}`, {
      token: w.agent.token,
      body: { status: "open", userId: w.agent.id },
    });
    expect(res.body.error).toBe("ERR_OUT_OF_HOURS");
    const { rows } = await core.db.pool.query("SELECT status, user_id FROM tickets WHERE id = $1", [t.id]);
    expect(rows[0]).toEqual({ status: "pending", user_id: null });
    // Within hours the same accept goes through.
    await core.db.pool.query("UPDATE users SET start_work = '00:00', end_work = '23:59' WHERE id = $1", [w.agent.id]);
    const ok = await core.api("PUT", `/tickets/${t.id}`, {
      token: w.agent.token,
      body: { status: "open", userId: w.agent.id },
    });
    expect(ok.status).toBe(200);
  });
});

describe("#plans (the super user's Plans tab)", () => {
  const plan = (over: Record<string, unknown> = {}) => ({
    name: `Plano ${Math.random().toString(36).slice(2, 8)}`,
    users: 5,
    connections: 2,
    queues: 3,
    amount: 149.9,
    isPublic: false,
    useKanban: false,
    ...over,
  });

  it("creates, lists, updates and deletes a plan, flags on unless said", async () => {
    const created = await core.api("POST", "/plans", { token: w.superToken, body: plan({ name: "Ouro" }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Ouro", users: 5, amount: 149.9, isPublic: false, useKanban: false });
    expect(created.body.useWhatsapp).toBe(true);
    const all = await core.api("GET", "/plans/all", { token: w.superToken });
    expect(all.body.map((p: { name: string }) => p.name)).toContain("Ouro");
    // Not public: signup does not offer it.
    expect((await core.api("GET", "/plans/list")).body.map((p: { name: string }) => p.name)).not.toContain("Ouro");
    const updated = await core.api("PUT", `/plans/${created.body.id}`, {
      token: w.superToken,
      body: plan({ name: "Ouro", amount: "199.50", useKanban: true }),
    });
    expect(updated.body).toMatchObject({ amount: 199.5, useKanban: true });
    expect((await core.api("DELETE", `/plans/${created.body.id}`, { token: w.superToken })).status).toBe(200);
    expect((await core.api("PUT", `/plans/${created.body.id}`, { token: w.superToken, body: plan() })).status).toBe(
      404,
    );
  });

  it("refuses a taken name, bad counts, a plan in use, and everyone but the super user", async () => {
    const first = await core.api("POST", "/plans", { token: w.superToken, body: plan({ name: "Prata" }) });
    const twice = await core.api("POST", "/plans", { token: w.superToken, body: plan({ name: "Prata" }) });
    expect(twice.status).toBe(400);
    expect(twice.body.fields.name).toBe("A plan with this name already exists");
    const bad = await core.api("POST", "/plans", { token: w.superToken, body: plan({ users: -1, name: "" }) });
    expect(bad.body.fields).toMatchObject({ users: "Must be 0 or more", name: "Required" });
    await core.db.pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [w.companyId, first.body.id]);
    const inUse = await core.api("DELETE", `/plans/${first.body.id}`, { token: w.superToken });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe("ERR_WRONG_STATE");
    for (const [method, path] of [
      ["GET", "/plans/all"],
      ["POST", "/plans"],
      ["PUT", `/plans/${first.body.id}`],
      ["DELETE", `/plans/${first.body.id}`],
    ] as const) {
      const body = method === "GET" || method === "DELETE" ? undefined : plan();
      const res = await core.api(method, path, { token: w.admin.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
  });
});

describe("#helps (the super user's Helps tab)", () => {
  it("lets the super user create, edit and delete help videos that every signed-in user reads", async () => {
    const created = await core.api("POST", "/helps", {
      token: w.superToken,
      body: { title: "Primeiros passos", description: "Como conectar", video: "dQw4w9WgXcQ" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Primeiros passos", video: "dQw4w9WgXcQ" });
    for (const path of ["/helps", "/helps/list"]) {
      const read = await core.api("GET", path, { token: w.agent.token });
      expect(read.body, path).toContainEqual(created.body);
    }
    const edited = await core.api("PUT", `/helps/${created.body.id}`, {
      token: w.superToken,
      body: { title: "Primeiros passos", description: "Conectar o WhatsApp" },
    });
    expect(edited.body).toMatchObject({ description: "Conectar o WhatsApp", video: "dQw4w9WgXcQ" });
    expect((await core.api("DELETE", `/helps/${created.body.id}`, { token: w.superToken })).status).toBe(200);
    expect((await core.api("DELETE", `/helps/${created.body.id}`, { token: w.superToken })).status).toBe(404);
  });

  it("refuses a URL as the video code, a blank title, and anyone but the super user", async () => {
    const url = await core.api("POST", "/helps", {
      token: w.superToken,
      body: { title: "X", video: "javascript:alert(1)" },
    });
    expect(url.body.fields.video).toBe("Invalid video code");
    const blank = await core.api("POST", "/helps", { token: w.superToken, body: { title: " " } });
    expect(blank.body.fields.title).toBe("Required");
    const admin = await core.api("POST", "/helps", { token: w.admin.token, body: { title: "Minha" } });
    expect(admin.status).toBe(403);
    expect(admin.body.error).toBe("ERR_NO_PERMISSION");
  });
});
