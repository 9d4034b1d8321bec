// The internal chat on the device (decision 0111): a message written, a chat started and a chat read go to the
// replica at once and to the outbox; the push sends each once; the pull brings core's rows under the same uuids, so
// a pending message becomes sent exactly once; a read waiting keeps its badge cleared over an older server count,
// and converges with core's after; a refusal tells the truth (the message failed, the chat core would not make goes).
import "fake-indexeddb/auto";
import type { ChatDTO, ChatMessageDTO } from "@chatflow/core/contract/chats.ts";
import type { MutationResult, PushResponse, TPushRequest } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { setMeta } from "../store/meta.ts";
import { applyPull, pullChanges } from "../sync/pull.ts";
import { pushOutbox } from "../sync/push.ts";
import { buildPullPage, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { chatMessageState, chatOrder, unreadsOf } from "./chat-rules.ts";
import { markChatRead, startChat, writeChatMessage } from "./chat-writes.ts";

const server = mockNetworkForFile();
const ANA = { id: 1, name: "Ana" };
const BRUNO = { id: 2, name: "Bruno" };
const CHAT_UUID = "0190a000-0000-7000-8000-000000000001";

let db: ChatflowDb;
/** What core was pushed, and the results it answers (ok unless a test says otherwise). */
let pushes: TPushRequest[];
let answer: (m: TPushRequest["mutations"][number]) => MutationResult;

beforeEach(async () => {
  db = testDb();
  await setMeta(db, "ownerUserId", ANA.id);
  pushes = [];
  answer = (m) => ({ id: m.id, ok: true });
  server.use(
    http.post(`${BASE_URL}/sync/push`, async ({ request }) => {
      const body = (await request.json()) as TPushRequest;
      pushes.push(body);
      return HttpResponse.json({ results: body.mutations.map((m) => answer(m)) } satisfies PushResponse);
    }),
  );
});

const chatRow = (over: Partial<ChatDTO> = {}): ChatDTO => ({
  id: 10,
  uuid: CHAT_UUID,
  title: "Plantão",
  ownerId: BRUNO.id,
  users: [
    { userId: ANA.id, unreads: 0, user: { id: ANA.id, name: ANA.name } },
    { userId: BRUNO.id, unreads: 0, user: { id: BRUNO.id, name: BRUNO.name } },
  ],
  lastMessage: "",
  updatedAt: "2026-12-07T10:00:00.000Z",
  ...over,
});
const withUnreads = (n: number, over: Partial<ChatDTO> = {}) =>
  chatRow({
    ...over,
    users: chatRow().users.map((u) => (u.userId === ANA.id ? { ...u, unreads: n } : u)),
  });
/** A message as core stores and presents it. */
const stored = (id: number, uuid: string, message: string, sender = ANA, chatUuid = CHAT_UUID): ChatMessageDTO => ({
  id,
  uuid,
  chatId: 10,
  chatUuid,
  message,
  senderId: sender.id,
  sender,
  createdAt: `2026-12-07T10:0${id % 10}:00.000Z`,
});
const page = (cursor: string, put: { chats?: ChatDTO[]; chatMessages?: ChatMessageDTO[] }, del: number[] = []) =>
  buildPullPage({ cursor, put, del: { chats: del } });
const messagesOf = async (chatUuid = CHAT_UUID) =>
  chatOrder((await db.chatMessages.toArray()).filter((m) => m.chatUuid === chatUuid));

describe("#chats offline writes", () => {
  it("shows a message written offline as pending, pushes it once, and shows core's row as sent, once", async () => {
    await applyPull(db, page("1v0", { chats: [chatRow()] }));
    const uuid = await writeChatMessage(db, ANA, chatRow(), "  Escrevi sem rede  ", new Date("2026-12-07T11:00:00Z"));

    const [pending] = await messagesOf();
    expect(pending).toMatchObject({ uuid, message: "Escrevi sem rede", senderId: ANA.id, chatUuid: CHAT_UUID });
    expect(chatMessageState(pending!)).toBe("pending");
    // The list shows it as the chat's last word and puts the chat first.
    expect(await db.chats.get(CHAT_UUID)).toMatchObject({
      lastMessage: "Escrevi sem rede",
      updatedAt: "2026-12-07T11:00:00.000Z",
    });
    const [entry] = await db.outbox.toArray();
    expect([entry?.name, entry?.args]).toEqual([
      "sendChatMessage",
      { uuid, chatUuid: CHAT_UUID, message: "Escrevi sem rede" },
    ]);

    // Back online: one push, then the pull brings core's row under the same uuid.
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 0, rejected: 0 });
    expect(pushes).toHaveLength(1);
    await applyPull(
      db,
      page("2v0", {
        chats: [chatRow({ lastMessage: "Escrevi sem rede" })],
        chatMessages: [stored(41, uuid, "Escrevi sem rede")],
      }),
    );
    const after = await messagesOf();
    expect(after.map((m) => [m.uuid, m.id, chatMessageState(m)])).toEqual([[uuid, 41, "sent"]]);
  });

  it("starts a chat and writes in it offline; a reset keeps both until core has them, then each is there once", async () => {
    const names = new Map([[BRUNO.id, BRUNO.name]]);
    const chat = await startChat(db, ANA, { title: " Novo ", users: [BRUNO.id] }, names);
    expect(chat).toMatchObject({ title: "Novo", ownerId: ANA.id });
    expect(chat.id).toBeUndefined();
    expect(chat.users.map((u) => [u.userId, u.user.name])).toEqual([
      [ANA.id, "Ana"],
      [BRUNO.id, "Bruno"],
    ]);
    const uuid = await writeChatMessage(db, ANA, chat, "Primeira");
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(["createChat", "sendChatMessage"]);

    // A reset (the first pull of a new sign-in of the same user) does not lose what only this device holds.
    await applyPull(db, { ...page("5v0", { chats: [chatRow()] }), reset: true });
    expect((await db.chats.toArray()).map((c) => c.uuid).sort()).toEqual([CHAT_UUID, chat.uuid].sort());
    expect((await messagesOf(chat.uuid)).map((m) => m.uuid)).toEqual([uuid]);

    await pushOutbox({ db, api: testApi() });
    expect(pushes[0]?.mutations.map((m) => m.name)).toEqual(["createChat", "sendChatMessage"]);
    expect(pushes[0]?.mutations[0]?.args).toMatchObject({ uuid: chat.uuid, title: "Novo", users: [BRUNO.id] });
    await applyPull(
      db,
      page("6v0", {
        chats: [{ ...chatRow({ id: 11, uuid: chat.uuid, title: "Novo", ownerId: ANA.id }) }],
        chatMessages: [stored(50, uuid, "Primeira", ANA, chat.uuid)],
      }),
    );
    expect((await db.chats.get(chat.uuid))?.id).toBe(11);
    expect((await messagesOf(chat.uuid)).map((m) => [m.id, chatMessageState(m)])).toEqual([[50, "sent"]]);
  });

  it("clears the caller's badge at once, keeps it cleared over an older count until the read is pushed, then follows core", async () => {
    await applyPull(db, page("1v0", { chats: [withUnreads(3)] }));
    expect(unreadsOf((await db.chats.get(CHAT_UUID))!, ANA.id)).toBe(3);
    await markChatRead(db, ANA.id, CHAT_UUID);
    expect(unreadsOf((await db.chats.get(CHAT_UUID))!, ANA.id)).toBe(0);
    // Only the caller's count: Bruno's stays as core said.
    expect((await db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([["readChat", { chatUuid: CHAT_UUID }]]);
    // Read again with nothing unread: nothing more is queued.
    await markChatRead(db, ANA.id, CHAT_UUID);
    expect(await db.outbox.count()).toBe(1);

    // A pull made before core had the read brings the old count: the badge stays cleared.
    await applyPull(db, page("2v0", { chats: [withUnreads(4, { lastMessage: "mais uma" })] }));
    const meanwhile = (await db.chats.get(CHAT_UUID))!;
    expect([unreadsOf(meanwhile, ANA.id), meanwhile.lastMessage]).toEqual([0, "mais uma"]);

    await pushOutbox({ db, api: testApi() });
    await applyPull(db, page("3v0", { chats: [withUnreads(0)] }));
    expect(unreadsOf((await db.chats.get(CHAT_UUID))!, ANA.id)).toBe(0);
    // A new message after the read counts again: the replica follows core once nothing waits.
    await applyPull(db, page("4v0", { chats: [withUnreads(1)] }));
    expect(unreadsOf((await db.chats.get(CHAT_UUID))!, ANA.id)).toBe(1);
  });

  it("marks a refused message failed with core's code, and takes away a chat core would not make", async () => {
    await applyPull(db, page("1v0", { chats: [chatRow()] }));
    const refusedChat = await startChat(db, ANA, { title: "Recusado", users: [BRUNO.id] }, new Map());
    await writeChatMessage(db, ANA, refusedChat, "No chat recusado");
    const uuid = await writeChatMessage(db, ANA, chatRow(), "Recusada");
    // Core would not make the chat (a colleague gone meanwhile): the chat's own message is refused with it; the
    // other chat is no longer the caller's.
    answer = (m) => ({
      id: m.id,
      ok: false,
      error:
        m.name === "createChat"
          ? { error: "ERR_NO_USER_FOUND", message: "No user" }
          : { error: "ERR_NOT_FOUND", message: "Chat not found" },
    });
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 0, rejected: 3 });
    expect(await db.chats.get(refusedChat.uuid)).toBeUndefined();
    expect(await messagesOf(refusedChat.uuid)).toEqual([]);
    const [failed] = await messagesOf();
    expect([failed?.uuid, failed?.failed, chatMessageState(failed!)]).toEqual([uuid, "ERR_NOT_FOUND", "failed"]);
    expect((await db.refusals.toArray()).map((r) => r.name)).toEqual(["createChat"]);
  });

  it("takes a chat the caller left out of the replica with its messages, over a pull from core", async () => {
    server.use(http.get(`${BASE_URL}/sync/pull`, () => HttpResponse.json(page("9v0", {}, [10]))));
    await applyPull(
      db,
      page("1v0", {
        chats: [chatRow()],
        chatMessages: [stored(1, "0190a000-0000-7000-8000-0000000000a1", "oi", BRUNO)],
      }),
    );
    await setMeta(db, "cursor", "1v0");
    await pullChanges({ db, api: testApi() });
    expect(await db.chats.count()).toBe(0);
    expect(await db.chatMessages.count()).toBe(0);
  });
});
