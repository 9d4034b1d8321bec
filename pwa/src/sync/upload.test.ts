import "fake-indexeddb/auto";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { describe, expect, it } from "vitest";
import { NetworkError } from "../api/errors.ts";
import { type ChatflowDb, openDb } from "../store/db.ts";
import { buildPullPage, buildTicket } from "../test-support/factories.ts";
import { testApi } from "../test-support/fake-core.ts";
import { outboxWorldForFile } from "../test-support/outbox-world.ts";
import { sendMedia } from "../tickets/send-media.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { applyPull } from "./pull.ts";
import { pushOutbox } from "./push.ts";

const ticket = buildTicket({ id: 7, contactId: 3 });
const w = outboxWorldForFile(ticket);
const photo = (name = "foto.png") =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9])], name, { type: "image/png" });

describe("#sync.push with uploads", () => {
  it("uploads a queued file once, in its place among the text replies, and takes the server's row", async () => {
    await sendMessage(w.db, { ticket, body: "antes", userId: 1 });
    const media = await sendMedia(w.db, { ticket, file: photo(), caption: "olha", userId: 1 });
    await sendMessage(w.db, { ticket, body: "depois", userId: 1 });

    const summary = await pushOutbox({ db: w.db, api: testApi() });

    expect(summary).toEqual({ accepted: 3, rejected: 0 });
    expect([...w.core.messages.values()].map((m) => m.body)).toEqual(["antes", "olha", "depois"]);
    expect(w.core.uploads).toEqual([
      { id: media.id, ticketId: 7, fileName: "foto.png", size: 6, type: "image/png", body: "olha" },
    ]);
    // Text before the upload went in one push, text after it in another.
    expect(w.core.pushes.map((p) => p.mutations.map((m) => (m.args as TSendMessageArgs).body))).toEqual([
      ["antes"],
      ["depois"],
    ]);
    expect(await w.db.outbox.count()).toBe(0);
    expect(await w.db.messages.get(media.id)).toMatchObject({ mediaUrl: `/media/1/${media.id}-foto.png`, ack: 0 });
  });

  it("leaves one message when the answer is lost and the upload is sent again (a crash or reload in between)", async () => {
    const media = await sendMedia(w.db, { ticket, file: photo(), userId: 1 });
    w.core.loseNextUploadAnswer = true;

    await expect(pushOutbox({ db: w.db, api: testApi() })).rejects.toBeInstanceOf(NetworkError);
    expect(await w.db.outbox.count()).toBe(1);
    expect(w.core.messages.size).toBe(1);

    // A reload: a new database handle on the same IndexedDB finds the file still queued.
    const reopened = testDbReopen(w.db);
    await pushOutbox({ db: reopened, api: testApi() });

    expect(w.core.uploads.map((u) => u.id)).toEqual([media.id, media.id]);
    expect([...w.core.messages.keys()]).toEqual([media.id]);
    expect(await reopened.outbox.count()).toBe(0);
    expect(await reopened.messages.count()).toBe(1);
  });

  it("keeps the file queued while core fails, and sends it on the next run", async () => {
    await sendMedia(w.db, { ticket, file: photo(), userId: 1 });
    w.core.failNextUpload = true;

    await expect(pushOutbox({ db: w.db, api: testApi() })).rejects.toMatchObject({ status: 500 });
    expect(await w.db.outbox.count()).toBe(1);
    expect(w.core.messages.size).toBe(0);

    await pushOutbox({ db: w.db, api: testApi() });
    expect(w.core.messages.size).toBe(1);
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("rolls a refused upload back to failed, says why, and goes on with the rest", async () => {
    const error: ErrorBody = { error: "ERR_WRONG_STATE", message: "The ticket is closed" };
    const other = buildTicket({ id: 8 });
    await w.db.tickets.put(other);
    w.core.refuse.set(ticket.id, error);
    const refused = await sendMedia(w.db, { ticket, file: photo(), userId: 1 });
    await sendMessage(w.db, { ticket: other, body: "segue", userId: 1 });
    const rejected: ErrorBody[] = [];

    const summary = await pushOutbox({ db: w.db, api: testApi(), onRejected: (_e, err) => rejected.push(err) });

    expect(summary).toEqual({ accepted: 1, rejected: 1 });
    expect(await w.db.messages.get(refused.id)).toMatchObject({ ack: -1, errorCode: "ERR_WRONG_STATE" });
    expect(rejected).toEqual([error]);
    expect([...w.core.messages.values()].map((m) => m.body)).toEqual(["segue"]);
    expect(await w.db.outbox.count()).toBe(0);
  });

  it("keeps a queued upload's message through a pull that resets the replica", async () => {
    const media = await sendMedia(w.db, { ticket, file: photo(), userId: 1 });
    await applyPull(w.db, buildPullPage({ cursor: "5", reset: true, put: { tickets: [ticket] } }));
    expect(await w.db.messages.get(media.id)).toMatchObject({ id: media.id, ack: 0 });
  });
});

/** The same IndexedDB database opened again, as a reloaded page would. */
function testDbReopen(old: ChatflowDb): ChatflowDb {
  old.close();
  return openDb(old.name);
}
