import "fake-indexeddb/auto";
import type { PullResponse } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { cacheContactPage, type LocalContact } from "../contacts/contact-writes.ts";
import type { ChatflowDb } from "../store/db.ts";
import { getMeta, setMeta } from "../store/meta.ts";
import { buildContact, buildMessage, buildPullPage, buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { isConversationHeld, restoreConversation } from "./held.ts";
import { pullChanges } from "./pull.ts";

const server = mockNetworkForFile();

let db: ChatflowDb;
beforeEach(() => {
  db = testDb();
});

/** Serves the pages in turn and records the cursor each request carried. */
function servePages(pages: PullResponse[]) {
  const cursors: (string | null)[] = [];
  server.use(
    http.get(`${BASE_URL}/sync/pull`, ({ request }) => {
      cursors.push(new URL(request.url).searchParams.get("cursor"));
      const page = pages.shift();
      return page
        ? HttpResponse.json(page)
        : HttpResponse.json({ error: "ERR_INTERNAL", message: "" }, { status: 500 });
    }),
  );
  return cursors;
}

describe("#sync.pull", () => {
  it("applies puts and deletes and stores the new cursor", async () => {
    const kept = buildTicket({ id: 1 });
    const gone = buildTicket({ id: 2 });
    await db.tickets.bulkPut([kept, gone]);
    await db.messages.put(buildMessage({ id: "m-of-gone", ticketId: 2 }));
    const cursors = servePages([
      buildPullPage({
        cursor: "42",
        put: {
          tickets: [{ ...kept, lastMessage: "novo" }],
          contacts: [buildContact({ id: 5, name: "Ana" })],
          messages: [buildMessage({ id: "m1", ticketId: 1 })],
        },
        del: { tickets: [2] },
      }),
    ]);

    await pullChanges({ db, api: testApi() });

    expect(cursors).toEqual([null]);
    expect((await db.tickets.toArray()).map((t) => [t.id, t.lastMessage])).toEqual([[1, "novo"]]);
    expect((await db.contacts.get(5))?.name).toBe("Ana");
    // A ticket that left the replica takes its messages along.
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(["m1"]);
    expect(await getMeta(db, "cursor")).toBe("42");
  });

  it("pulls again at once while the server says there is more, passing the cursor back", async () => {
    const cursors = servePages([
      buildPullPage({ cursor: "10", more: true, put: { tickets: [buildTicket({ id: 1 })] } }),
      buildPullPage({ cursor: "20", put: { tickets: [buildTicket({ id: 2 })] } }),
    ]);

    const pages = await pullChanges({ db, api: testApi() });

    expect(pages).toBe(2);
    expect(cursors).toEqual([null, "10"]);
    expect(await db.tickets.count()).toBe(2);
    expect(await getMeta(db, "cursor")).toBe("20");
  });

  it("stamps each admin list a page says changed with that page's cursor, keeping the others' stamps", async () => {
    await setMeta(db, "listStamps", { tags: "5" });
    servePages([
      { ...buildPullPage({ cursor: "10", more: true }), lists: ["files"] },
      { ...buildPullPage({ cursor: "20" }), lists: ["files", "prompts"] },
    ]);

    await pullChanges({ db, api: testApi() });

    expect(await getMeta(db, "listStamps")).toEqual({ tags: "5", files: "20", prompts: "20" });
  });

  it("replaces the whole replica on reset but keeps messages still waiting in the outbox", async () => {
    const ticket = buildTicket({ id: 1 });
    await db.tickets.bulkPut([ticket, buildTicket({ id: 9 })]);
    await db.contacts.put(buildContact({ id: 3 }));
    await db.messages.put(buildMessage({ id: "old", ticketId: 9 }));
    const pending = await sendMessage(db, { ticket, body: "ainda não foi", userId: 1 });
    servePages([buildPullPage({ cursor: "100", reset: true, put: { tickets: [ticket] } })]);

    await pullChanges({ db, api: testApi() });

    expect((await db.tickets.toArray()).map((t) => t.id)).toEqual([1]);
    expect(await db.contacts.count()).toBe(0);
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual([pending?.id]);
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta(db, "cursor")).toBe("100");
  });

  it("keeps, through the first pull, the contacts the contacts page cached from REST", async () => {
    // The contacts page opened after sign-in answered before the first pull and cached its row.
    const onPage = buildContact({ id: 8, name: "Só na página", updatedAt: "2025-01-02T10:00:00.000Z" });
    await cacheContactPage(db, [onPage]);
    const ofTicket = buildContact({ id: 7, name: "Do ticket" });
    servePages([buildPullPage({ cursor: "1", reset: true, put: { contacts: [ofTicket] } })]);

    await pullChanges({ db, api: testApi() });

    expect((await db.contacts.orderBy("id").toArray()).map((c) => c.name)).toEqual(["Do ticket", "Só na página"]);
    expect(await getMeta(db, "cursor")).toBe("1");
  });

  it("on a later reset keeps only the contacts cached while that pull was under way", async () => {
    await setMeta(db, "cursor", "50");
    // Cached a minute before the reset was asked for: as stale as any replica row, replaced.
    const stale: LocalContact = { ...buildContact({ id: 3, name: "Antiga" }), cachedAt: Date.now() - 60_000 };
    await db.contacts.put(stale);
    const onPage = buildContact({ id: 8, name: "Só na página" });
    server.use(
      http.get(`${BASE_URL}/sync/pull`, async () => {
        await cacheContactPage(db, [onPage]);
        return HttpResponse.json(buildPullPage({ cursor: "60", reset: true, put: { contacts: [] } }));
      }),
    );

    await pullChanges({ db, api: testApi() });

    expect((await db.contacts.toArray()).map((c) => c.name)).toEqual(["Só na página"]);
  });

  it("lets the server's row replace the optimistic one", async () => {
    const ticket = buildTicket({ id: 1 });
    await db.tickets.put(ticket);
    const local = await sendMessage(db, { ticket, body: "oi", userId: 1 });
    if (!local) throw new Error("not sent");
    servePages([buildPullPage({ cursor: "5", put: { messages: [{ ...local, ack: 2 }] } })]);

    await pullChanges({ db, api: testApi() });

    expect((await db.messages.get(local.id))?.ack).toBe(2);
    expect(await db.messages.count()).toBe(1);
  });

  it("changes nothing when the pull fails", async () => {
    await db.tickets.put(buildTicket({ id: 1 }));
    servePages([]);

    await expect(pullChanges({ db, api: testApi() })).rejects.toMatchObject({ status: 500 });

    expect(await db.tickets.count()).toBe(1);
    expect(await getMeta(db, "cursor")).toBeUndefined();
  });

  it("asks for the next page while it is still writing this one", async () => {
    let asked = false;
    const cursors = servePages([
      buildPullPage({ cursor: "10", more: true, put: { tickets: [buildTicket({ id: 1 })] } }),
      buildPullPage({ cursor: "20", put: { tickets: [buildTicket({ id: 2 })] } }),
    ]);
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).searchParams.get("cursor") === "10") asked = true;
    };
    server.events.on("request:start", onRequest);
    // Holds the tickets table until the second page is asked for: written one after the other, the pull
    // would wait here for ever (and the test time out).
    const held = db.transaction("rw", db.tickets, async () => {
      while (!asked) await db.tickets.get(0);
    });

    const pages = await pullChanges({ db, api: testApi() });
    await held;
    server.events.removeListener("request:start", onRequest);

    expect(pages).toBe(2);
    expect(cursors).toEqual([null, "10"]);
    expect(await db.tickets.count()).toBe(2);
    expect(await getMeta(db, "cursor")).toBe("20");
  });

  it("keeps the tickets whose conversations a first pull has not brought yet as not held", async () => {
    const tickets = [1, 2, 3].map((id) => buildTicket({ id }));
    servePages([
      buildPullPage({ cursor: "5v1bt0", reset: true, more: true, put: { tickets: [tickets[0]!] } }),
      buildPullPage({
        cursor: "5v1bm0",
        more: true,
        put: { tickets: tickets.slice(1) },
        pendingConversations: [2, 3],
      }),
      buildPullPage({ cursor: "5v1bm1", put: { messages: [buildMessage({ ticketId: 2 })] }, heldConversations: [2] }),
    ]);

    await pullChanges({ db, api: testApi() });

    expect(await isConversationHeld(db, 1)).toBe(true);
    expect(await isConversationHeld(db, 2)).toBe(true);
    // Never brought (it changed while the pages came): the conversation screen fetches it.
    expect(await isConversationHeld(db, 3)).toBe(false);
    server.use(
      http.get(`${BASE_URL}/messages/3`, () =>
        HttpResponse.json({ messages: [buildMessage({ ticketId: 3 })], hasMore: false, nextCursor: null }),
      ),
    );
    await restoreConversation({ db, api: testApi() }, 3);
    expect(await isConversationHeld(db, 3)).toBe(true);
    expect(await getMeta(db, "pendingConversations")).toBeUndefined();
  });

  it("forgets conversations still to come when a pull starts the replica over", async () => {
    await db.tickets.put(buildTicket({ id: 7 }));
    servePages([
      buildPullPage({ cursor: "1v1bm0", put: { tickets: [buildTicket({ id: 7 })] }, pendingConversations: [7] }),
    ]);
    await pullChanges({ db, api: testApi() });
    expect(await isConversationHeld(db, 7)).toBe(false);

    servePages([buildPullPage({ cursor: "2v1", reset: true, put: { tickets: [buildTicket({ id: 7 })] } })]);
    await pullChanges({ db, api: testApi() });
    expect(await isConversationHeld(db, 7)).toBe(true);
  });
});
