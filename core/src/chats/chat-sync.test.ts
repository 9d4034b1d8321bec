// The internal chat through the replica and the outbox (decision 0111): a member's pulls carry their chats and the
// chats' messages and nothing of anyone else's; the outbox's createChat, sendChatMessage and readChat do what the
// REST calls do, once however often they are pushed, and another company's or another user's chat is refused with
// the spec's codes (ERR_NOT_FOUND, ERR_NO_USER_FOUND, ERR_NO_PERMISSION for a plan without the chat), writing nothing.
import { randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import type { ChatDTO, ChatMessageDTO } from "../contract/chats.ts";
import type { PullResponse } from "../contract/sync.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { currentCursor } from "../testing/list-changes.ts";
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
    otherCompanyId,
    ana: { id: ana.id, token: ta!.token },
    bruno: { id: bruno.id, token: tb!.token },
    carla: { id: carla.id, token: tc!.token },
    outsider: { id: outsider.id, token: to!.token },
  };
});

type Result = { id: number; ok: boolean; error?: { error: string } };
const seqOf = async (companyId: number) =>
  (
    await core.db.pool.query<{ n: number }>("SELECT last_seq::int AS n FROM company_sync WHERE company_id = $1", [
      companyId,
    ])
  ).rows[0]?.n ?? 0;

/** Pushes the mutations as one new client, then again as if the first answer was lost: the replay changes nothing. */
async function pushTwice(token: string, companyId: number, mutations: { name: string; args: unknown }[]) {
  const body = { clientId: `client-${randomUUID()}`, mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) };
  const first = await core.api("POST", "/sync/push", { token, body });
  expect(first.status).toBe(200);
  const seq = await seqOf(companyId);
  const replay = await core.api("POST", "/sync/push", { token, body });
  expect(replay.body).toEqual(first.body);
  expect(await seqOf(companyId)).toBe(seq);
  return first.body.results as Result[];
}

/** Every page of a first pull, merged. */
async function firstPull(token: string): Promise<{ chats: ChatDTO[]; messages: ChatMessageDTO[]; cursor: string }> {
  let res = await core.api("GET", "/sync/pull", { token });
  const chats: ChatDTO[] = [];
  const messages: ChatMessageDTO[] = [];
  for (;;) {
    const page = res.body as PullResponse;
    chats.push(...(page.put.chats ?? []));
    messages.push(...(page.put.chatMessages ?? []));
    if (!page.more) return { chats, messages, cursor: page.cursor };
    res = await core.api("GET", `/sync/pull?cursor=${page.cursor}`, { token });
  }
}

const pullAfter = async (token: string, cursor: string) =>
  (await core.api("GET", `/sync/pull?cursor=${cursor}`, { token })).body as PullResponse;

const count = async (sql: string, params: unknown[]) =>
  (await core.db.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

const unreadsOf = (chat: ChatDTO | undefined, userId: number) => chat?.users.find((u) => u.userId === userId)?.unreads;

describe("#sync.chats pull", () => {
  it("brings a member their chats with the newest messages, and nothing of chats they are not in", async () => {
    const mine = await core.api("POST", "/chats", {
      token: w.ana.token,
      body: { title: "Dupla", users: [w.bruno.id] },
    });
    const private_ = await core.api("POST", "/chats", {
      token: w.carla.token,
      body: { title: "Só Carla e Bruno", users: [w.bruno.id] },
    });
    const foreign = await core.api("POST", "/chats", {
      token: w.outsider.token,
      body: { title: "Outra empresa", users: [w.outsider.id] },
    });
    expect([mine.status, private_.status, foreign.status]).toEqual([200, 200, 200]);
    await core.api("POST", `/chats/${mine.body.id}/messages`, { token: w.bruno.token, body: { message: "Oi Ana" } });
    await core.api("POST", `/chats/${private_.body.id}/messages`, {
      token: w.carla.token,
      body: { message: "Segredo" },
    });

    const ana = await firstPull(w.ana.token);
    expect(ana.chats.map((c) => c.title)).toContain("Dupla");
    expect(ana.chats.map((c) => c.title)).not.toContain("Só Carla e Bruno");
    expect(ana.chats.map((c) => c.title)).not.toContain("Outra empresa");
    expect(ana.messages.map((m) => m.message)).toContain("Oi Ana");
    expect(ana.messages.map((m) => m.message)).not.toContain("Segredo");
    const oi = ana.messages.find((m) => m.message === "Oi Ana");
    expect(oi).toMatchObject({ chatId: mine.body.id, chatUuid: mine.body.uuid, senderId: w.bruno.id });
    expect(oi?.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      unreadsOf(
        ana.chats.find((c) => c.id === mine.body.id),
        w.ana.id,
      ),
    ).toBe(1);

    // Later: a message in her chat comes; one in Carla's private chat does not, not even as a removal.
    const [anaCursor, carlaCursor] = [ana.cursor, (await firstPull(w.carla.token)).cursor];
    await core.api("POST", `/chats/${mine.body.id}/messages`, { token: w.bruno.token, body: { message: "Tudo bem?" } });
    await core.api("POST", `/chats/${private_.body.id}/messages`, {
      token: w.bruno.token,
      body: { message: "Outro segredo" },
    });
    const next = await pullAfter(w.ana.token, anaCursor);
    expect(next.put.chatMessages?.map((m) => m.message)).toEqual(["Tudo bem?"]);
    expect(next.put.chats?.map((c) => c.id)).toEqual([mine.body.id]);
    expect(unreadsOf(next.put.chats?.[0], w.ana.id)).toBe(2);
    expect(next.del.chats).toEqual([]);
    const carla = await pullAfter(w.carla.token, carlaCursor);
    expect(carla.put.chatMessages?.map((m) => m.message)).toEqual(["Outro segredo"]);
    // The other company's pulls carry none of it.
    const other = await firstPull(w.outsider.token);
    expect(other.chats.map((c) => c.title)).toEqual(["Outra empresa"]);
    expect(other.messages).toEqual([]);
  });

  it("brings on a first pull the 500 most recent chats and, beyond them, the older ones with unread messages", async () => {
    const pool = core.db.pool;
    const companyId = (await buildCompany(pool)).id;
    const dora = await buildUser(pool, { companyId, profile: "user", name: "Dora" });
    const token = (await core.login(dora.email, dora.password))!.token;
    // Two old chats (one unread by Dora, one read), then 500 recent ones, all with Dora as a member.
    const old = await pool.query<{ id: number; title: string }>(
      `INSERT INTO chats (company_id, title, updated_at)
       VALUES ($1, 'Antigo não lido', now() - interval '2 years'), ($1, 'Antigo lido', now() - interval '2 years')
       RETURNING id, title`,
      [companyId],
    );
    await pool.query(
      `INSERT INTO chats (company_id, title, updated_at)
       SELECT $1, 'Recente ' || n, now() - n * interval '1 minute' FROM generate_series(1, 500) AS n`,
      [companyId],
    );
    await pool.query(
      `INSERT INTO chat_users (chat_id, user_id, company_id, unreads)
       SELECT id, $2, $1, CASE WHEN title = 'Antigo não lido' THEN 3 ELSE 0 END FROM chats WHERE company_id = $1`,
      [companyId, dora.id],
    );
    const pulled = await firstPull(token);
    const titles = pulled.chats.map((c) => c.title);
    expect(titles).toHaveLength(501);
    expect(titles).toContain("Antigo não lido");
    expect(titles).not.toContain("Antigo lido");
    expect(titles).toContain("Recente 500");
    const unread = pulled.chats.find((c) => c.id === old.rows.find((r) => r.title === "Antigo não lido")!.id);
    expect(unreadsOf(unread, dora.id)).toBe(3);
  });

  it("takes a chat out of the replica of a member removed, and of every member when deleted", async () => {
    const chat = (
      await core.api("POST", "/chats", { token: w.ana.token, body: { title: "Some", users: [w.bruno.id, w.carla.id] } })
    ).body as ChatDTO;
    const brunoCursor = await currentCursor(core, w.bruno.token);
    const carlaCursor = await currentCursor(core, w.carla.token);
    expect(
      (await core.api("PUT", `/chats/${chat.id}`, { token: w.ana.token, body: { title: "Some", users: [w.carla.id] } }))
        .status,
    ).toBe(200);
    const bruno = await pullAfter(w.bruno.token, brunoCursor);
    expect([bruno.put.chats, bruno.del.chats]).toEqual([[], [chat.id]]);
    const carla = await pullAfter(w.carla.token, carlaCursor);
    expect(carla.put.chats?.map((c) => c.id)).toEqual([chat.id]);

    const carlaAgain = await currentCursor(core, w.carla.token);
    const brunoAgain = await currentCursor(core, w.bruno.token);
    expect((await core.api("DELETE", `/chats/${chat.id}`, { token: w.ana.token })).status).toBe(200);
    expect((await pullAfter(w.carla.token, carlaAgain)).del.chats).toEqual([chat.id]);
    // Bruno left it before: he is told nothing of a chat he is no longer in.
    expect((await pullAfter(w.bruno.token, brunoAgain)).del.chats).toEqual([]);
  });
});

describe("#sync.chats push", () => {
  it("creates a chat, writes in it and reads it through the outbox, once however often pushed", async () => {
    const chatUuid = uuidv7();
    const first = uuidv7();
    const second = uuidv7();
    const brunoCursor = await currentCursor(core, w.bruno.token);
    const results = await pushTwice(w.ana.token, w.companyId, [
      { name: "createChat", args: { uuid: chatUuid, title: "  Offline  ", users: [w.bruno.id] } },
      { name: "sendChatMessage", args: { uuid: first, chatUuid, message: " Escrevi sem rede " } },
      { name: "sendChatMessage", args: { uuid: second, chatUuid, message: "E mais uma" } },
    ]);
    expect(results).toEqual([1, 2, 3].map((id) => ({ id, ok: true })));
    const chat = await core.db.pool.query<{ id: number; title: string; last_message: string }>(
      "SELECT id, title, last_message FROM chats WHERE company_id = $1 AND uuid = $2",
      [w.companyId, chatUuid],
    );
    expect(chat.rows.map((r) => [r.title, r.last_message])).toEqual([["Offline", "E mais uma"]]);
    const chatId = chat.rows[0]!.id;
    expect(
      await count("SELECT count(*)::int AS n FROM chat_messages WHERE company_id = $1 AND chat_id = $2", [
        w.companyId,
        chatId,
      ]),
    ).toBe(2);

    // The same message queued again under another mutation id (a device that lost its outbox's answer and its
    // entry ids) still lands once.
    const again = await core.api("POST", "/sync/push", {
      token: w.ana.token,
      body: {
        clientId: `client-${randomUUID()}`,
        mutations: [
          { id: 1, name: "createChat", args: { uuid: chatUuid, title: "Offline", users: [w.bruno.id] } },
          { id: 2, name: "sendChatMessage", args: { uuid: first, chatUuid, message: "Escrevi sem rede" } },
        ],
      },
    });
    expect(again.body.results).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
    ]);
    expect(
      await count("SELECT count(*)::int AS n FROM chat_messages WHERE company_id = $1 AND chat_id = $2", [
        w.companyId,
        chatId,
      ]),
    ).toBe(2);
    expect(
      await count("SELECT count(*)::int AS n FROM chats WHERE company_id = $1 AND uuid = $2", [w.companyId, chatUuid]),
    ).toBe(1);

    // Bruno's next pull brings the chat and both messages, under the uuids Ana's device chose, two unread.
    const bruno = await pullAfter(w.bruno.token, brunoCursor);
    expect(bruno.put.chats?.map((c) => c.uuid)).toEqual([chatUuid]);
    expect(unreadsOf(bruno.put.chats?.[0], w.bruno.id)).toBe(2);
    expect(bruno.put.chatMessages?.map((m) => [m.uuid, m.message])).toEqual([
      [first, "Escrevi sem rede"],
      [second, "E mais uma"],
    ]);

    // Bruno reads offline: pushed twice, his count is zero and only his.
    const brunoRead = await currentCursor(core, w.bruno.token);
    expect(await pushTwice(w.bruno.token, w.companyId, [{ name: "readChat", args: { chatUuid } }])).toEqual([
      { id: 1, ok: true },
    ]);
    const read = await pullAfter(w.bruno.token, brunoRead);
    expect(unreadsOf(read.put.chats?.[0], w.bruno.id)).toBe(0);
    expect(unreadsOf(read.put.chats?.[0], w.ana.id)).toBe(0);
    // The REST answer agrees.
    const rest = await core.api("GET", `/chats?uuid=${chatUuid}`, { token: w.bruno.token });
    expect(unreadsOf(rest.body.records[0], w.bruno.id)).toBe(0);
  });

  it("refuses another company's chat, a chat the caller is not in and another company's user, writing nothing", async () => {
    const foreign = (
      await core.api("POST", "/chats", { token: w.outsider.token, body: { title: "Alheio", users: [w.outsider.id] } })
    ).body as ChatDTO;
    const theirs = (
      await core.api("POST", "/chats", { token: w.carla.token, body: { title: "Sem Ana", users: [w.bruno.id] } })
    ).body as ChatDTO;
    const seq = await seqOf(w.companyId);
    const otherSeq = await seqOf(w.otherCompanyId);
    const results = await pushTwice(w.ana.token, w.companyId, [
      { name: "sendChatMessage", args: { uuid: uuidv7(), chatUuid: foreign.uuid, message: "Invadindo" } },
      { name: "sendChatMessage", args: { uuid: uuidv7(), chatUuid: theirs.uuid, message: "Entrando" } },
      { name: "readChat", args: { chatUuid: foreign.uuid } },
      { name: "readChat", args: { chatUuid: theirs.uuid } },
      // A create under the uuid of another company's chat answers as a missing chat, as any foreign id does.
      { name: "createChat", args: { uuid: foreign.uuid, title: "Roubo", users: [w.bruno.id] } },
      { name: "createChat", args: { uuid: uuidv7(), title: "Com estranha", users: [w.outsider.id] } },
      { name: "sendChatMessage", args: { uuid: uuidv7(), chatUuid: theirs.uuid, message: "   " } },
    ]);
    expect(results.map((r) => r.error?.error)).toEqual([
      "ERR_NOT_FOUND",
      "ERR_NOT_FOUND",
      "ERR_NOT_FOUND",
      "ERR_NOT_FOUND",
      "ERR_NOT_FOUND",
      "ERR_NO_USER_FOUND",
      "ERR_VALIDATION",
    ]);
    expect(await seqOf(w.companyId)).toBe(seq);
    expect(await seqOf(w.otherCompanyId)).toBe(otherSeq);
    expect(
      await count("SELECT count(*)::int AS n FROM chat_messages WHERE chat_id = ANY($1)", [[foreign.id, theirs.id]]),
    ).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM chats WHERE title IN ('Roubo', 'Com estranha')", [])).toBe(0);
  });

  it("refuses another member's message uuid, and every chat mutation of a plan without the chat", async () => {
    const chat = (
      await core.api("POST", "/chats", { token: w.ana.token, body: { title: "Uuid", users: [w.bruno.id] } })
    ).body as ChatDTO;
    const taken = uuidv7();
    const [ok] = await pushTwice(w.bruno.token, w.companyId, [
      { name: "sendChatMessage", args: { uuid: taken, chatUuid: chat.uuid, message: "Minha" } },
    ]);
    expect(ok).toEqual({ id: 1, ok: true });
    const [stolen] = await pushTwice(w.ana.token, w.companyId, [
      { name: "sendChatMessage", args: { uuid: taken, chatUuid: chat.uuid, message: "Por cima" } },
    ]);
    expect(stolen?.error?.error).toBe("ERR_NOT_FOUND");
    expect(
      (
        await core.db.pool.query("SELECT message FROM chat_messages WHERE company_id = $1 AND uuid = $2", [
          w.companyId,
          taken,
        ])
      ).rows,
    ).toEqual([{ message: "Minha" }]);

    const pool = core.db.pool;
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, use_internal_chat) VALUES ('Sem chat offline', false) RETURNING id",
    );
    const company = await buildCompany(pool);
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0]!.id]);
    const user = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const other = await buildUser(pool, { companyId: company.id, profile: "user" });
    const { token } = await core.login(user.email, user.password);
    const results = await pushTwice(token, company.id, [
      { name: "createChat", args: { uuid: uuidv7(), title: "Não", users: [other.id] } },
      { name: "sendChatMessage", args: { uuid: uuidv7(), chatUuid: uuidv7(), message: "Não" } },
      { name: "readChat", args: { chatUuid: uuidv7() } },
    ]);
    expect(results.map((r) => r.error?.error)).toEqual(["ERR_NO_PERMISSION", "ERR_NO_PERMISSION", "ERR_NO_PERMISSION"]);
    expect(await count("SELECT count(*)::int AS n FROM chats WHERE company_id = $1", [company.id])).toBe(0);
  });
});
