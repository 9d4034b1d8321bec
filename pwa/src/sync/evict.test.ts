import "fake-indexeddb/auto";
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { buildMessage, buildPullPage, buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { evictReplica } from "./evict.ts";
import { isConversationHeld, restoreConversation } from "./held.ts";
import { applyPull } from "./pull.ts";

const server = mockNetworkForFile();

let db: ChatflowDb;

/** A ticket with `n` messages from the contact. */
async function conversation(over: Partial<TicketDTO>, n: number): Promise<TicketDTO> {
  const ticket = buildTicket(over);
  await db.tickets.put(ticket);
  await db.messages.bulkPut(
    Array.from({ length: n }, (_, i) =>
      buildMessage({ ticketId: ticket.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
    ),
  );
  return ticket;
}

const countOf = (ticketId: number) =>
  db.messages.where("[ticketId+createdAt]").between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey]).count();

let oldestClosed: TicketDTO;
let olderClosed: TicketDTO;
let newestClosed: TicketDTO;
let staleOpen: TicketDTO;
let stalePending: TicketDTO;

beforeEach(async () => {
  db = testDb();
  // Open and pending tickets untouched for longer than any closed one: age alone must not evict them.
  staleOpen = await conversation({ id: 1, status: "open", updatedAt: "2024-01-01T00:00:00.000Z" }, 10);
  stalePending = await conversation({ id: 2, status: "pending", updatedAt: "2024-01-02T00:00:00.000Z" }, 10);
  newestClosed = await conversation({ id: 3, status: "closed", updatedAt: "2025-03-01T00:00:00.000Z" }, 10);
  oldestClosed = await conversation({ id: 4, status: "closed", updatedAt: "2025-01-01T00:00:00.000Z" }, 10);
  olderClosed = await conversation({ id: 5, status: "closed", updatedAt: "2025-02-01T00:00:00.000Z" }, 10);
});

describe("#sync.evictReplica", () => {
  it("does nothing within the budget", async () => {
    expect(await evictReplica(db, { maxMessages: 50 })).toEqual({ removed: 0, tickets: [] });
    expect(await db.messages.count()).toBe(50);
    expect(await db.evictions.count()).toBe(0);
  });

  it("evicts whole conversations of the least recently updated closed tickets first, only as many as needed", async () => {
    expect(await evictReplica(db, { maxMessages: 40 })).toEqual({ removed: 10, tickets: [oldestClosed.id] });
    expect(await countOf(oldestClosed.id)).toBe(0);
    expect(await countOf(olderClosed.id)).toBe(10);

    expect(await evictReplica(db, { maxMessages: 25 })).toEqual({
      removed: 20,
      tickets: [olderClosed.id, newestClosed.id],
    });
    expect(await db.messages.count()).toBe(20);
    expect(await countOf(staleOpen.id)).toBe(10);
    expect(await countOf(stalePending.id)).toBe(10);
  });

  it("never evicts an open or pending ticket's messages, even when the budget cannot be met", async () => {
    const result = await evictReplica(db, { maxMessages: 5 });
    expect(result.tickets).toEqual([oldestClosed.id, olderClosed.id, newestClosed.id]);
    expect(await countOf(staleOpen.id)).toBe(10);
    expect(await countOf(stalePending.id)).toBe(10);
    expect(await db.messages.count()).toBe(20);
  });

  it("keeps a message waiting in the outbox, whatever its ticket", async () => {
    const queued = await sendMessage(db, { ticket: oldestClosed, body: "ainda na fila", userId: 1 });
    // sendMessage touched the ticket's updatedAt; put it back among the oldest.
    await db.tickets.update(oldestClosed.id, { updatedAt: oldestClosed.updatedAt });

    await evictReplica(db, { maxMessages: 40 });

    expect(await db.messages.get(queued?.id ?? "")).toMatchObject({ body: "ainda na fila", ack: 0 });
    expect(await countOf(oldestClosed.id)).toBe(1);
  });

  it("marks an evicted conversation as not held, and fetching it from core holds it again", async () => {
    expect(await isConversationHeld(db, oldestClosed.id)).toBe(true);
    await evictReplica(db, { maxMessages: 40 });
    expect(await isConversationHeld(db, oldestClosed.id)).toBe(false);
    expect(await isConversationHeld(db, olderClosed.id)).toBe(true);
    // A ticket this replica does not hold at all is not held either.
    expect(await isConversationHeld(db, 999)).toBe(false);

    const page = (messages: MessageDTO[], hasMore: boolean) => ({
      messages,
      hasMore,
      nextCursor: hasMore ? (messages[0]?.id ?? null) : null,
    });
    const newest = Array.from({ length: 20 }, () => buildMessage({ ticketId: oldestClosed.id }));
    const older = Array.from({ length: 5 }, () => buildMessage({ ticketId: oldestClosed.id }));
    const asked: string[] = [];
    server.use(
      http.get(`${BASE_URL}/messages/:ticketId`, ({ request, params }) => {
        const url = new URL(request.url);
        asked.push(`${params.ticketId}${url.search}`);
        return HttpResponse.json(url.searchParams.has("cursor") ? page(older, false) : page(newest, true));
      }),
    );

    expect(await restoreConversation({ db, api: testApi() }, oldestClosed.id)).toBe(25);
    expect(asked).toEqual([`${oldestClosed.id}`, `${oldestClosed.id}?cursor=${newest[0]?.id}`]);
    expect(await countOf(oldestClosed.id)).toBe(25);
    expect(await isConversationHeld(db, oldestClosed.id)).toBe(true);
  });

  it("forgets the marks when a pull rebuilds the replica or the ticket leaves it", async () => {
    await evictReplica(db, { maxMessages: 25 });
    expect(await db.evictions.count()).toBe(3);
    await applyPull(db, buildPullPage({ cursor: "9", del: { tickets: [oldestClosed.id] } }));
    expect(await db.evictions.get(oldestClosed.id)).toBeUndefined();
    expect(await db.evictions.count()).toBe(2);
    await applyPull(db, buildPullPage({ cursor: "10", reset: true }));
    expect(await db.evictions.count()).toBe(0);
  });
});
