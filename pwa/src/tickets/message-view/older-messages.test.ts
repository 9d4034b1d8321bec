import "fake-indexeddb/auto";
// Older messages: the newest window from the replica, then core's keyset pages stored into it.
import type { ListMessagesResponse, MessageDetailDTO } from "@chatflow/core/contract/messages.ts";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../../store/db.ts";
import { buildMessage, testDb } from "../../test-support/factories.ts";
import { countSince, fetchOlderMessages, latestMessages } from "./older-messages.ts";

let db: ChatflowDb;
const at = (i: number) => new Date(Date.UTC(2025, 0, 1, 10, i)).toISOString();
const id = (i: number) => `01900000-0000-7000-8000-${String(i).padStart(12, "0")}`;

beforeEach(async () => {
  db = testDb();
  // Messages 40..99 of ticket 1 are in the replica; another ticket's are not counted.
  await db.messages.bulkPut(
    Array.from({ length: 60 }, (_, k) => buildMessage({ id: id(40 + k), ticketId: 1, createdAt: at(40 + k) })),
  );
  await db.messages.put(buildMessage({ id: id(999), ticketId: 2, createdAt: at(200) }));
});

describe("#messages older pages", () => {
  it("reads the newest window in time order and says whether the replica holds older ones", async () => {
    const page = await latestMessages(db, 1, 30);
    expect(page.messages.map((m) => m.id)).toEqual(Array.from({ length: 30 }, (_, k) => id(70 + k)));
    expect(page.olderInReplica).toBe(true);
    const all = await latestMessages(db, 1, 60);
    expect(all.messages).toHaveLength(60);
    expect(all.olderInReplica).toBe(false);
    expect(await countSince(db, 1, at(90))).toBe(10);
  });

  it("asks core for the page before the oldest message and stores only what the replica lacks", async () => {
    const asked: string[] = [];
    const local = await db.messages.get(id(40));
    await db.messages.update(id(40), { body: "changed here, on its way" });
    const api = {
      get: async <T>(path: string) => {
        asked.push(path);
        const messages = Array.from({ length: 20 }, (_, k) => ({
          ...buildMessage({ id: id(21 + k), ticketId: 1, createdAt: at(21 + k) }),
          queueId: null,
          quotedMsg: null,
          contact: { name: "Ana" },
          queue: null,
          vCard: null,
          ticket: { id: 1 },
        })) as unknown as MessageDetailDTO[];
        return { messages, hasMore: true, nextCursor: id(21) } satisfies ListMessagesResponse as T;
      },
    };
    const result = await fetchOlderMessages(db, api, 1, local ?? null);
    expect(asked).toEqual([`/messages/1?cursor=${id(40)}`]);
    // 21..39 are new; 40 was here with a local change, which stays.
    expect(result).toEqual({ added: 19, hasMore: true });
    expect((await db.messages.get(id(40)))?.body).toBe("changed here, on its way");
    const stored = await db.messages.get(id(21));
    expect(stored).toBeDefined();
    // Only the replica's fields are kept.
    expect(Object.keys(stored ?? {})).not.toContain("contact");
    expect((await latestMessages(db, 1, 100)).messages[0]?.id).toBe(id(21));
  });
});
