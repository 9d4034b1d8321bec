import "fake-indexeddb/auto";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { sendMessage } from "./send-message.ts";

let db: ChatflowDb;
const ticket = buildTicket({ id: 4, contactId: 2, lastMessage: "antes", updatedAt: "2025-01-01T00:00:00.000Z" });

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(ticket);
});

describe("#tickets.sendMessage", () => {
  it("writes the message, its mutation and the ticket's time together (its preview stays the customer's)", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = await sendMessage(db, { ticket, body: "  Bom dia\nTudo bem?  ", userId: 9, now });
    if (!message) throw new Error("not sent");

    expect(message).toMatchObject({ ticketId: 4, body: "Bom dia\nTudo bem?", fromMe: true, ack: 0, userId: 9 });
    expect(message.id).toMatch(/^[0-9a-f-]{14}7/);
    expect(await db.messages.get(message.id)).toEqual(message);
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe("sendMessage");
    expect(entry?.args).toEqual({
      id: message.id,
      ticketId: 4,
      body: "Bom dia\nTudo bem?",
      createdAt: now.toISOString(),
    } satisfies TSendMessageArgs);
    // The list's preview stays the customer's last message (decision 0089); the reply moves the ticket up.
    expect(await db.tickets.get(4)).toMatchObject({ lastMessage: "antes", updatedAt: now.toISOString() });
  });

  it("sends a private note and a quoted reply with their flags in the row and the mutation", async () => {
    const quoted = "0190a5b2-0000-7000-8000-000000000001";
    const message = await sendMessage(db, { ticket, body: "nota", userId: 9, isPrivate: true, quotedMsgId: quoted });
    if (!message) throw new Error("not sent");
    expect(await db.messages.get(message.id)).toMatchObject({ isPrivate: true, quotedMsgId: quoted });
    expect((await db.tickets.get(4))?.lastMessage).toBe("antes");
    const [entry] = await db.outbox.toArray();
    expect(entry?.args).toMatchObject({ id: message.id, body: "nota", isPrivate: true, quotedMsgId: quoted });
  });

  it("ignores whitespace-only text", async () => {
    expect(await sendMessage(db, { ticket, body: " \n\t ", userId: 9 })).toBeNull();
    expect(await db.messages.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.tickets.get(4))?.lastMessage).toBe("antes");
  });

  it("gives each queued message a larger mutation id than the one before", async () => {
    await sendMessage(db, { ticket, body: "a", userId: 1 });
    await db.outbox.clear();
    await sendMessage(db, { ticket, body: "b", userId: 1 });
    await sendMessage(db, { ticket, body: "c", userId: 1 });

    const ids = (await db.outbox.toArray()).map((e) => e.id);
    expect(ids).toEqual([2, 3]);
  });

  it("writes nothing when part of the transaction fails", async () => {
    // Make the ticket update throw after the message insert: the insert must be undone too.
    db.tickets.hook("updating", () => {
      throw new Error("disk full");
    });
    await expect(sendMessage(db, { ticket, body: "x", userId: 1 })).rejects.toThrow("disk full");
    expect(await db.messages.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
