import "fake-indexeddb/auto";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { describe, expect, it } from "vitest";
import { NetworkError } from "../api/errors.ts";
import type { OutboxEntry } from "../store/db.ts";
import { buildTicket } from "../test-support/factories.ts";
import { testApi } from "../test-support/fake-core.ts";
import { outboxWorldForFile } from "../test-support/outbox-world.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { pushOutbox } from "./push.ts";

const ticket = buildTicket({ id: 7, contactId: 3 });
const w = outboxWorldForFile(ticket);

async function send(body: string) {
  const message = await sendMessage(w.db, { ticket, body, userId: 1 });
  if (!message) throw new Error("not sent");
  return message;
}

describe("#sync.push", () => {
  it("sends the outbox in the order the messages were written, then empties it", async () => {
    await send("primeira");
    await send("segunda");
    await send("terceira");

    const summary = await pushOutbox({ db: w.db, api: testApi() });

    expect(summary).toEqual({ accepted: 3, rejected: 0 });
    const [push] = w.core.pushes;
    expect(push?.mutations.map((m) => (m.args as TSendMessageArgs).body)).toEqual(["primeira", "segunda", "terceira"]);
    const ids = push?.mutations.map((m) => m.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("keeps every entry, in order, when the push fails", async () => {
    await send("um");
    await send("dois");
    const before = await w.db.outbox.toArray();
    w.core.failNextPush = true;

    await expect(pushOutbox({ db: w.db, api: testApi() })).rejects.toMatchObject({ status: 500 });

    expect(await w.db.outbox.toArray()).toEqual(before);
    expect(w.core.messages.size).toBe(0);
    await pushOutbox({ db: w.db, api: testApi() });
    expect([...w.core.messages.values()].map((m) => m.body)).toEqual(["um", "dois"]);
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("leaves one message when the answer is lost and the same entries are pushed again", async () => {
    const message = await send("olá");
    w.core.loseNextAnswer = true;

    await expect(pushOutbox({ db: w.db, api: testApi() })).rejects.toBeInstanceOf(NetworkError);
    // The server applied it but we never heard back: the entry must still be here.
    expect(await w.db.outbox.count()).toBe(1);
    expect(w.core.messages.size).toBe(1);

    await pushOutbox({ db: w.db, api: testApi() });

    expect(w.core.pushes).toHaveLength(2);
    expect(w.core.pushes[1]?.mutations).toEqual(w.core.pushes[0]?.mutations);
    expect(w.core.pushes[1]?.clientId).toBe(w.core.pushes[0]?.clientId);
    expect([...w.core.messages.keys()]).toEqual([message.id]);
    expect(await w.db.messages.toArray()).toHaveLength(1);
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("rolls a refused message back to failed and says why", async () => {
    const error: ErrorBody = { error: "ERR_OTHER_OPEN_TICKET", message: "taken" };
    w.core.refuse.set(ticket.id, error);
    const message = await send("não vai");
    const rejected: { entry: OutboxEntry; error: ErrorBody }[] = [];

    const summary = await pushOutbox({
      db: w.db,
      api: testApi(),
      onRejected: (entry, err) => rejected.push({ entry, error: err }),
    });

    expect(summary).toEqual({ accepted: 0, rejected: 1 });
    const stored = await w.db.messages.get(message.id);
    expect(stored?.ack).toBe(-1);
    expect(stored?.errorCode).toBe("ERR_OTHER_OPEN_TICKET");
    expect(rejected.map((r) => r.error.error)).toEqual(["ERR_OTHER_OPEN_TICKET"]);
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("goes on with later entries after one is refused", async () => {
    const other = buildTicket({ id: 8 });
    await w.db.tickets.put(other);
    w.core.refuse.set(ticket.id, { error: "ERR_NO_PERMISSION", message: "no" });
    const refused = await send("recusada");
    const ok = await sendMessage(w.db, { ticket: other, body: "aceita", userId: 1 });

    await pushOutbox({ db: w.db, api: testApi() });

    expect((await w.db.messages.get(refused.id))?.ack).toBe(-1);
    expect((await w.db.messages.get(ok?.id ?? ""))?.ack).toBe(0);
    expect([...w.core.messages.values()].map((m) => m.body)).toEqual(["aceita"]);
  });

  it("drops a refused mutation in the middle of a batch, applies the others, and never resends it", async () => {
    const middle = buildTicket({ id: 9 });
    await w.db.tickets.put(middle);
    // What core answers for a mutation whose args it cannot take (issue 7: once a 500 for the whole batch).
    w.core.refuse.set(middle.id, {
      error: "ERR_VALIDATION",
      message: "Invalid id",
      fields: { ticketId: "Invalid id" },
    });
    const first = await send("antes");
    const refused = await sendMessage(w.db, { ticket: middle, body: "recusada", userId: 1 });
    const last = await send("depois");
    const rejected: ErrorBody[] = [];

    const summary = await pushOutbox({ db: w.db, api: testApi(), onRejected: (_entry, err) => rejected.push(err) });

    expect(summary).toEqual({ accepted: 2, rejected: 1 });
    expect(await w.db.outbox.count()).toBe(0);
    expect([...w.core.messages.values()].map((m) => m.body)).toEqual(["antes", "depois"]);
    expect((await w.db.messages.get(first.id))?.ack).toBe(0);
    expect((await w.db.messages.get(last.id))?.ack).toBe(0);
    const stored = await w.db.messages.get(refused?.id ?? "");
    expect(stored?.ack).toBe(-1);
    expect(stored?.errorCode).toBe("ERR_VALIDATION");
    expect(rejected.map((e) => e.error)).toEqual(["ERR_VALIDATION"]);
    // The outbox is not wedged: the next push sends nothing again.
    await pushOutbox({ db: w.db, api: testApi() });
    expect(w.core.pushes).toHaveLength(1);
  });

  it("does nothing when the outbox is empty", async () => {
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 0, rejected: 0 });
    expect(w.core.pushes).toHaveLength(0);
  });
});
