import "fake-indexeddb/auto";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationResult, PushResponse, TPushRequest } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb, OutboxEntry } from "../store/db.ts";
import { buildContact, buildPullPage, buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { queueMutation } from "./optimistic.ts";
import { applyPull } from "./pull.ts";
import { pushOutbox } from "./push.ts";

const server = mockNetworkForFile();

const refusal: ErrorBody = { error: "ERR_OTHER_OPEN_TICKET", message: "taken", data: { userName: "Bia" } };

/** A core that answers each pushed mutation with `answer` (undefined: leaves it unanswered). */
function answering(answer: (m: TPushRequest["mutations"][number]) => "ok" | "refuse" | undefined) {
  server.use(
    http.post(`${BASE_URL}/sync/push`, async ({ request }) => {
      const body = (await request.json()) as TPushRequest;
      const results: MutationResult[] = [];
      for (const m of body.mutations) {
        const a = answer(m);
        if (a === "ok") results.push({ id: m.id, ok: true });
        if (a === "refuse") results.push({ id: m.id, ok: false, error: refusal });
      }
      return HttpResponse.json({ results } satisfies PushResponse);
    }),
  );
}

let db: ChatflowDb;
const server1 = buildTicket({ id: 5, status: "pending", userId: null, queueId: 2, lastMessage: "oi" });

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(server1);
});

const accept = () =>
  queueMutation(db, "acceptTicket", { ticketId: 5 }, { table: "tickets", id: 5, patch: { status: "open", userId: 7 } });
const resolve = () =>
  queueMutation(db, "resolveTicket", { ticketId: 5 }, { table: "tickets", id: 5, patch: { status: "closed" } });

describe("#sync.optimistic", () => {
  it("applies the change with its outbox entry, remembering the server's row", async () => {
    await accept();
    expect(await db.tickets.get(5)).toMatchObject({ status: "open", userId: 7 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: "acceptTicket", args: { ticketId: 5 } });
    expect(entry?.optimistic?.base).toEqual(server1);
  });

  it("keeps the server's row as the base of a second change on the same row", async () => {
    await accept();
    await resolve();
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.optimistic?.base)).toEqual([server1, server1]);
    expect(await db.tickets.get(5)).toMatchObject({ status: "closed", userId: 7 });
  });

  it("puts the server's row back when the server refuses, and tells why", async () => {
    await accept();
    answering(() => "refuse");
    const told: [OutboxEntry, ErrorBody][] = [];
    const summary = await pushOutbox({ db, api: testApi(), onRejected: (e, err) => told.push([e, err]) });
    expect(summary).toEqual({ accepted: 0, rejected: 1 });
    expect(await db.tickets.get(5)).toEqual(server1);
    expect(told.map(([e, err]) => [e.name, err.data])).toEqual([["acceptTicket", { userName: "Bia" }]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("lays the changes still waiting back over the restored row", async () => {
    await accept();
    await resolve();
    // The server answers the accept (refused) but not yet the resolve.
    answering((m) => (m.name === "acceptTicket" ? "refuse" : undefined));
    await pushOutbox({ db, api: testApi() });
    expect(await db.tickets.get(5)).toMatchObject({ status: "closed", userId: null, lastMessage: "oi" });
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(["resolveTicket"]);
  });

  it("removes a row again when the change that created its absence is undone", async () => {
    await queueMutation(db, "deleteTicket", { ticketId: 5 }, { table: "tickets", id: 5, patch: null });
    expect(await db.tickets.get(5)).toBeUndefined();
    answering(() => "refuse");
    await pushOutbox({ db, api: testApi() });
    expect(await db.tickets.get(5)).toEqual(server1);
  });

  it("re-applies a waiting change over a newer row from a pull, which becomes the base", async () => {
    await accept();
    const newer = { ...server1, lastMessage: "alguém aí?", unreadMessages: 2 };
    await applyPull(db, buildPullPage({ cursor: "9", put: { tickets: [newer] } }));
    expect(await db.tickets.get(5)).toMatchObject({ status: "open", userId: 7, lastMessage: "alguém aí?" });

    answering(() => "refuse");
    await pushOutbox({ db, api: testApi() });
    expect(await db.tickets.get(5)).toEqual(newer);
  });

  it("forgets the base of a row the pull removed, so a refusal does not bring it back", async () => {
    await accept();
    await applyPull(db, buildPullPage({ cursor: "9", del: { tickets: [5] } }));
    expect(await db.tickets.get(5)).toBeUndefined();
    answering(() => "refuse");
    await pushOutbox({ db, api: testApi() });
    expect(await db.tickets.get(5)).toBeUndefined();
  });

  it("handles contacts the same way", async () => {
    const contact = buildContact({ id: 8, active: true });
    await db.contacts.put(contact);
    await queueMutation(
      db,
      "blockContact",
      { contactId: 8, active: false },
      { table: "contacts", id: 8, patch: { active: false } },
    );
    expect((await db.contacts.get(8))?.active).toBe(false);
    answering(() => "refuse");
    await pushOutbox({ db, api: testApi() });
    expect(await db.contacts.get(8)).toEqual(contact);
  });

  it("leaves a pulled row alone when no change waits on it", async () => {
    await accept();
    const other = buildTicket({ id: 6, status: "open" });
    await applyPull(db, buildPullPage({ cursor: "9", put: { tickets: [other] } }));
    expect(await db.tickets.get(6)).toEqual(other);
    expect((await db.outbox.toArray())[0]?.optimistic?.base).toEqual(server1);
  });
});
