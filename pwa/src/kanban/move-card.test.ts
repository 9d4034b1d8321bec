// A kanban card's move on this device (decision 0047): one outbox entry, the new lane at once, the old one back on
// refusal, and pushed once however often the device syncs.
import "fake-indexeddb/auto";
import type { MutationResult, PushResponse, TPushRequest } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { pushOutbox } from "../sync/push.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { boardCandidates, localDay, moveCard } from "./board.ts";

const server = mockNetworkForFile();

let db: ChatflowDb;
let pushed: TPushRequest["mutations"];
beforeEach(async () => {
  db = testDb();
  pushed = [];
  // Ticket 5 is in lane 10 and carries the plain tag 7; lanes are 10 and 20.
  await db.tickets.put(buildTicket({ id: 5, status: "open", queueId: 2, tagIds: [7, 10] }));
});

function answering(ok: boolean) {
  server.use(
    http.post(`${BASE_URL}/sync/push`, async ({ request }) => {
      const body = (await request.json()) as TPushRequest;
      pushed.push(...body.mutations);
      const results: MutationResult[] = body.mutations.map((m) =>
        ok ? { id: m.id, ok: true } : { id: m.id, ok: false, error: { error: "ERR_NO_TAG_FOUND", message: "x" } },
      );
      return HttpResponse.json({ results } satisfies PushResponse);
    }),
  );
}

describe("#kanban moveCard", () => {
  it("moves the card at once offline, and pushes one moveTicketLane once online", async () => {
    await moveCard(db, (await db.tickets.get(5))!, [10, 20], 20);
    expect((await db.tickets.get(5))?.tagIds).toEqual([7, 20]);
    expect((await db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([
      ["moveTicketLane", { ticketId: 5, toLaneId: 20 }],
    ]);
    answering(true);
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    await pushOutbox({ db, api: testApi() });
    expect(pushed.map((m) => m.name)).toEqual(["moveTicketLane"]);
    expect((await db.tickets.get(5))?.tagIds).toEqual([7, 20]);
  });

  it("puts the card back in its lane when the server refuses the move", async () => {
    await moveCard(db, (await db.tickets.get(5))!, [10, 20], 20);
    answering(false);
    expect(await pushOutbox({ db, api: testApi() })).toEqual({ accepted: 0, rejected: 1 });
    expect((await db.tickets.get(5))?.tagIds).toEqual([7, 10]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe("#kanban boardCandidates", () => {
  it("reads today's open and pending tickets of the user's queues from the replica", async () => {
    const old = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const updatedAt = new Date().toISOString();
    await db.tickets.update(5, { updatedAt });
    await db.tickets.bulkPut([
      buildTicket({ id: 6, status: "pending", queueId: 2, updatedAt }),
      buildTicket({ id: 7, status: "closed", queueId: 2, updatedAt }),
      buildTicket({ id: 8, status: "open", queueId: 3, updatedAt }),
      buildTicket({ id: 9, status: "open", queueId: 2, updatedAt: old }),
    ]);
    const today = localDay();
    const ids = (f: { startDate: string }) =>
      boardCandidates(db, { queueIds: [2], startDate: f.startDate, endDate: today, search: "" }).then((ts) =>
        ts.map((t) => t.id).sort(),
      );
    expect(await ids({ startDate: today })).toEqual([5, 6]);
    expect(await ids({ startDate: localDay(new Date(old)) })).toEqual([5, 6, 9]);
  });
});
