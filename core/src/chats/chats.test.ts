// The internal chat's calls (spec 3 §7 "Internal chat", §5, §6): members only, the owner alone edits and deletes,
// messages newest page first with unread counts, and each change named to the members' next pull (decision 0073).
import { describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX, CHAT_MESSAGES_PAGE_SIZE } from "../contract/chats.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { currentCursor, listsChangedSince } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const otherCompanyId = (await buildCompany(pool)).id;
  const ana = await buildUser(pool, { companyId, profile: "user", name: "Ana" });
  const bruno = await buildUser(pool, { companyId, profile: "user", name: "Bruno" });
  const carla = await buildUser(pool, { companyId, profile: "admin", name: "Carla" });
  const outsider = await buildUser(pool, { companyId: otherCompanyId, profile: "admin", name: "Outra" });
  const [ta, tb, tc, to] = await Promise.all([ana, bruno, carla, outsider].map((u) => core.login(u.email, u.password)));
  return {
    companyId,
    ana: { id: ana.id, token: ta!.token },
    bruno: { id: bruno.id, token: tb!.token },
    carla: { id: carla.id, token: tc!.token },
    outsider: { id: outsider.id, token: to!.token },
  };
});

async function createChat(token: string, body: unknown) {
  return core.api("POST", "/chats", { token, body });
}

const count = async (sql: string, params: unknown[]) =>
  (await core.db.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

describe("#chats.create", () => {
  it("makes the creator the owner and a member, with the colleagues named, and tells only the members", async () => {
    const [cursorB, cursorC] = await Promise.all([
      currentCursor(core, w.bruno.token),
      currentCursor(core, w.carla.token),
    ]);
    const res = await createChat(w.ana.token, { title: "  Plantão  ", users: [w.bruno.id, w.bruno.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Plantão", ownerId: w.ana.id, lastMessage: "" });
    expect(res.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.users).toEqual([
      { userId: w.ana.id, unreads: 0, user: { id: w.ana.id, name: "Ana" } },
      { userId: w.bruno.id, unreads: 0, user: { id: w.bruno.id, name: "Bruno" } },
    ]);
    expect(await listsChangedSince(core, w.bruno.token, cursorB)).toEqual(["chats"]);
    // Carla is not in it: her pull names nothing.
    expect(await listsChangedSince(core, w.carla.token, cursorC)).toBeUndefined();
  });

  it("refuses a missing title or no users ('Obrigatório'), and another company's user, writing nothing", async () => {
    const before = await count("SELECT count(*)::int AS n FROM chats WHERE company_id = $1", [w.companyId]);
    const blank = await createChat(w.ana.token, { title: "   ", users: [w.bruno.id] });
    expect([blank.status, blank.body.fields]).toEqual([400, { title: "Obrigatório" }]);
    const none = await createChat(w.ana.token, { title: "Sem ninguém", users: [] });
    expect([none.status, none.body.fields]).toEqual([400, { users: "Obrigatório" }]);
    const foreign = await createChat(w.ana.token, { title: "Intrusa", users: [w.outsider.id] });
    expect([foreign.status, foreign.body.error]).toEqual([404, "ERR_NO_USER_FOUND"]);
    const badId = await createChat(w.ana.token, { title: "Id", users: [2 ** 31] });
    expect(badId.status).toBe(400);
    const nul = await createChat(w.ana.token, { title: "a\u0000b", users: [w.bruno.id] });
    expect([nul.status, nul.body.error]).toEqual([400, "ERR_VALIDATION"]);
    expect(await count("SELECT count(*)::int AS n FROM chats WHERE company_id = $1", [w.companyId])).toBe(before);
  });
});

describe("#chats.list", () => {
  it("lists only the caller's chats, most recent first, with search and the uuid filter", async () => {
    const a = (await createChat(w.ana.token, { title: "Lista Alfa", users: [w.bruno.id] })).body;
    const b = (await createChat(w.ana.token, { title: "Lista Beta", users: [w.carla.id] })).body;
    const bruno = await core.api("GET", "/chats?searchParam=lista", { token: w.bruno.token });
    expect(bruno.status).toBe(200);
    expect(bruno.body.records.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const ana = await core.api("GET", "/chats?searchParam=LISTA", { token: w.ana.token });
    expect(ana.body.records.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect(ana.body.hasMore).toBe(false);
    const one = await core.api("GET", `/chats?uuid=${b.uuid}`, { token: w.ana.token });
    expect(one.body.records.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const notMine = await core.api("GET", `/chats?uuid=${b.uuid}`, { token: w.bruno.token });
    expect(notMine.body.records).toEqual([]);
    const outsider = await core.api("GET", "/chats", { token: w.outsider.token });
    expect(outsider.body).toEqual({ records: [], hasMore: false, count: 0 });
  });
});

describe("#chats.update and #chats.delete", () => {
  it("lets only the owner edit or delete; a non-member gets 404; removed members are told", async () => {
    const chat = (await createChat(w.ana.token, { title: "Dono", users: [w.bruno.id] })).body;
    const byMember = await core.api("PUT", `/chats/${chat.id}`, {
      token: w.bruno.token,
      body: { title: "Tomado", users: [w.bruno.id] },
    });
    expect([byMember.status, byMember.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const delByMember = await core.api("DELETE", `/chats/${chat.id}`, { token: w.bruno.token });
    expect([delByMember.status, delByMember.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const byOutsider = await core.api("PUT", `/chats/${chat.id}`, {
      token: w.carla.token,
      body: { title: "Tomado", users: [w.carla.id] },
    });
    expect([byOutsider.status, byOutsider.body.error]).toEqual([404, "ERR_NOT_FOUND"]);

    const cursorB = await currentCursor(core, w.bruno.token);
    const edited = await core.api("PUT", `/chats/${chat.id}`, {
      token: w.ana.token,
      body: { title: "Dono novo", users: [w.carla.id] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe("Dono novo");
    // The owner stays even when the request leaves them out.
    expect(edited.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual([w.ana.id, w.carla.id].sort());
    expect(await listsChangedSince(core, w.bruno.token, cursorB)).toEqual(["chats"]);
    const gone = await core.api("GET", `/chats/${chat.id}/messages`, { token: w.bruno.token });
    expect(gone.status).toBe(404);

    const del = await core.api("DELETE", `/chats/${chat.id}`, { token: w.ana.token });
    expect(del.status).toBe(200);
    expect(
      await count("SELECT count(*)::int AS n FROM chat_users WHERE company_id = $1 AND chat_id = $2", [
        w.companyId,
        chat.id,
      ]),
    ).toBe(0);
    const again = await core.api("DELETE", `/chats/${chat.id}`, { token: w.ana.token });
    expect(again.status).toBe(404);
  });
});

describe("#chats.messages", () => {
  it("stores a member's message, counts it unread for the others, pages newest first, and reads", async () => {
    const chat = (await createChat(w.ana.token, { title: "Conversa", users: [w.bruno.id] })).body;
    const cursorB = await currentCursor(core, w.bruno.token);
    const sent = await core.api("POST", `/chats/${chat.id}/messages`, {
      token: w.ana.token,
      body: { message: "  Bom dia!  " },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      chatId: chat.id,
      message: "Bom dia!",
      senderId: w.ana.id,
      sender: { id: w.ana.id, name: "Ana" },
    });
    expect(await listsChangedSince(core, w.bruno.token, cursorB)).toEqual(["chats"]);
    const list = await core.api("GET", `/chats?uuid=${chat.uuid}`, { token: w.bruno.token });
    const mine = (r: { users: { userId: number; unreads: number }[] }, id: number) =>
      r.users.find((u) => u.userId === id)?.unreads;
    expect(list.body.records[0].lastMessage).toBe("Bom dia!");
    expect(mine(list.body.records[0], w.bruno.id)).toBe(1);
    expect(mine(list.body.records[0], w.ana.id)).toBe(0);

    for (let i = 1; i <= CHAT_MESSAGES_PAGE_SIZE; i++) {
      await core.api("POST", `/chats/${chat.id}/messages`, { token: w.bruno.token, body: { message: `m${i}` } });
    }
    const first = await core.api("GET", `/chats/${chat.id}/messages`, { token: w.ana.token });
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records.map((m: { message: string }) => m.message).at(0)).toBe("m1");
    expect(first.body.records.map((m: { message: string }) => m.message).at(-1)).toBe(`m${CHAT_MESSAGES_PAGE_SIZE}`);
    const second = await core.api("GET", `/chats/${chat.id}/messages?pageNumber=2`, { token: w.ana.token });
    expect(second.body.records.map((m: { message: string }) => m.message)).toEqual(["Bom dia!"]);
    expect(second.body.hasMore).toBe(false);

    const cursorA = await currentCursor(core, w.ana.token);
    const read = await core.api("POST", `/chats/${chat.id}/read`, { token: w.ana.token, body: { userId: w.bruno.id } });
    expect(read.status).toBe(200);
    // Only the caller's count, whatever userId says: Bruno's one unread (Ana's "Bom dia!") stays.
    expect(mine(read.body, w.ana.id)).toBe(0);
    expect(mine(read.body, w.bruno.id)).toBe(1);
    expect(await listsChangedSince(core, w.ana.token, cursorA)).toEqual(["chats"]);
    const brunos = await count(
      "SELECT unreads AS n FROM chat_users WHERE company_id = $1 AND chat_id = $2 AND user_id = $3",
      [w.companyId, chat.id, w.bruno.id],
    );
    expect(brunos).toBe(1);
  });

  it("refuses blank, oversized and NUL messages and non-members, writing nothing", async () => {
    const chat = (await createChat(w.ana.token, { title: "Limites", users: [w.bruno.id] })).body;
    const post = (token: string, message: unknown) =>
      core.api("POST", `/chats/${chat.id}/messages`, { token, body: { message } });
    const blank = await post(w.ana.token, " \n\t ");
    expect([blank.status, blank.body.fields]).toEqual([400, { message: "Obrigatório" }]);
    expect((await post(w.ana.token, "x".repeat(CHAT_MESSAGE_MAX + 1))).status).toBe(400);
    expect((await post(w.ana.token, "a\u0000b")).status).toBe(400);
    const outsider = await post(w.carla.token, "entrando");
    expect([outsider.status, outsider.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    const read = await core.api("POST", `/chats/${chat.id}/read`, { token: w.carla.token });
    expect(read.status).toBe(404);
    expect(
      await count("SELECT count(*)::int AS n FROM chat_messages WHERE company_id = $1 AND chat_id = $2", [
        w.companyId,
        chat.id,
      ]),
    ).toBe(0);
  });
});

describe("#chats.plan-flag", () => {
  it("refuses every chat call of a company whose plan has useInternalChat off", async () => {
    const pool = core.db.pool;
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, use_internal_chat) VALUES ('Sem chat', false) RETURNING id",
    );
    const company = await buildCompany(pool);
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0]!.id]);
    const user = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const { token } = await core.login(user.email, user.password);
    for (const [method, url, body] of [
      ["GET", "/chats", undefined],
      ["POST", "/chats", { title: "x", users: [user.id] }],
      ["PUT", "/chats/1", { title: "x", users: [user.id] }],
      ["DELETE", "/chats/1", undefined],
      ["GET", "/chats/1/messages", undefined],
      ["POST", "/chats/1/messages", { message: "x" }],
      ["POST", "/chats/1/read", undefined],
    ] as const) {
      const res = await core.api(method, url, { token, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    await pool.query("UPDATE plans SET use_internal_chat = true WHERE id = $1", [plan.rows[0]!.id]);
    expect((await core.api("GET", "/chats", { token })).status).toBe(200);
  });
});
