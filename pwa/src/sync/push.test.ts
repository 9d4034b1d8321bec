import "fake-indexeddb/auto";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { NetworkError } from "../api/errors.ts";
import type { ChatflowDb, OutboxEntry } from "../store/db.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { createFakeCore, type FakeCore, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { pushOutbox } from "./push.ts";

const server = mockNetworkForFile();

let db: ChatflowDb;
let core: FakeCore;
const ticket = buildTicket({ id: 7, contactId: 3 });

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(ticket);
  const fake = createFakeCore();
  core = fake.core;
  server.use(...fake.handlers);
});

async function send(body: string) {
  const message = await sendMessage(db, { ticket, body, userId: 1 });
  if (!message) throw new Error("not sent");
  return message;
}

describe("#sync.push", () => {
  it("sends the outbox in the order the messages were written, then empties it", async () => {
    await send("primeira");
    await send("segunda");
    await send("terceira");

    const summary = await pushOutbox({ db, api: testApi() });

    expect(summary).toEqual({ accepted: 3, rejected: 0 });
    const [push] = core.pushes;
    expect(push?.mutations.map((m) => (m.args as TSendMessageArgs).body)).toEqual(["primeira", "segunda", "terceira"]);
    const ids = push?.mutations.map((m) => m.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await db.outbox.count()).toBe(0);
  });

  it("keeps every entry, in order, when the push fails", async () => {
    await send("um");
    await send("dois");
    const before = await db.outbox.toArray();
    core.failNextPush = true;

    await expect(pushOutbox({ db, api: testApi() })).rejects.toMatchObject({ status: 500 });

    expect(await db.outbox.toArray()).toEqual(before);
    expect(core.messages.size).toBe(0);
    await pushOutbox({ db, api: testApi() });
    expect([...core.messages.values()].map((m) => m.body)).toEqual(["um", "dois"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("leaves one message when the answer is lost and the same entries are pushed again", async () => {
    const message = await send("olá");
    core.loseNextAnswer = true;

    await expect(pushOutbox({ db, api: testApi() })).rejects.toBeInstanceOf(NetworkError);
    // The server applied it but we never heard back: the entry must still be here.
    expect(await db.outbox.count()).toBe(1);
    expect(core.messages.size).toBe(1);

    await pushOutbox({ db, api: testApi() });

    expect(core.pushes).toHaveLength(2);
    expect(core.pushes[1]?.mutations).toEqual(core.pushes[0]?.mutations);
    expect(core.pushes[1]?.clientId).toBe(core.pushes[0]?.clientId);
    expect([...core.messages.keys()]).toEqual([message.id]);
    expect(await db.messages.toArray()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it("rolls a refused message back to failed and says why", async () => {
    const error: ErrorBody = { error: "ERR_OTHER_OPEN_TICKET", message: "taken" };
    core.refuse.set(ticket.id, error);
    const message = await send("não vai");
    const rejected: { entry: OutboxEntry; error: ErrorBody }[] = [];

    const summary = await pushOutbox({
      db,
      api: testApi(),
      onRejected: (entry, err) => rejected.push({ entry, error: err }),
    });

    expect(summary).toEqual({ accepted: 0, rejected: 1 });
    const stored = await db.messages.get(message.id);
    expect(stored?.ack).toBe(-1);
    expect(stored?.errorCode).toBe("ERR_OTHER_OPEN_TICKET");
    expect(rejected.map((r) => r.error.error)).toEqual(["ERR_OTHER_OPEN_TICKET"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("goes on with later entries after one is refused", async () => {
    const other = buildTicket({ id: 8 });
    await db.tickets.put(other);
    core.refuse.set(ticket.id, { error: "ERR_NO_PERMISSION", message: "no" });
    const refused = await send("recusada");
    const ok = await sendMessage(db, { ticket: other, body: "aceita", userId: 1 });

    await pushOutbox({ db, api: testApi() });

    expect((await db.messages.get(refused.id))?.ack).toBe(-1);
    expect((await db.messages.get(ok?.id ?? ""))?.ack).toBe(0);
    expect([...core.messages.values()].map((m) => m.body)).toEqual(["aceita"]);
  });

  it("drops a refused mutation in the middle of a batch, applies the others, and never resends it", async () => {
    const middle = buildTicket({ id: 9 });
    await db.tickets.put(middle);
    // What core answers for a mutation whose args it cannot take (issue 7: once a 500 for the whole batch).
    core.refuse.set(middle.id, { error: "ERR_VALIDATION", message: "Invalid id", fields: { ticketId: "Invalid id" } });
    const first = await send("antes");
    const refused = await sendMessage(db, { ticket: middle, body: "recusada", userId: 1 });
    const last = await send("depois");
    const rejected: ErrorBody[] = [];

    const summary = await pushOutbox({ db, api: testApi(), onRejected: (_entry, err) => rejected.push(err) });

    expect(summary).toEqual({ accepted: 2, rejected: 1 });
    expect(await db.outbox.count()).toBe(0);
    expect([...core.messages.values()].map((m) => m.body)).toEqual(["antes", "depois"]);
    expect((await db.messages.get(first.id))?.ack).toBe(0);
    expect((await db.messages.get(last.id))?.ack).toBe(0);
    const stored = await db.messages.get(refused?.id ?? "");
    expect(stored?.ack).toBe(-1);
    expect(stored?.errorCode).toBe("ERR_VALIDATION");
    expect(rejected.map((e) => e.error)).toEqual(["ERR_VALIDATION"]);
    // The outbox is not wedged: the next push sends nothing again.
    await pushOutbox({ db, api: testApi() });
    expect(core.pushes).toHaveLength(1);
  });

  it("does nothing when the outbox is empty", async () => {
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 0, rejected: 0 });
    expect(core.pushes).toHaveLength(0);
  });
});
