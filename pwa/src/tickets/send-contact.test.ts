import "fake-indexeddb/auto";
import { MUTATIONS } from "@chatflow/core/contract/sync.ts";
import { describe, expect, it } from "vitest";
import { outboxMessageIds } from "../store/outbox.ts";
import { pushOutbox } from "../sync/push.ts";
import { buildTicket } from "../test-support/factories.ts";
import { testApi } from "../test-support/fake-core.ts";
import { outboxWorldForFile } from "../test-support/outbox-world.ts";
import { sendContact } from "./send-contact.ts";

const ticket = buildTicket({ id: 4, contactId: 2, lastMessage: "antes" });
const w = outboxWorldForFile(ticket);
const card = { id: 31, name: "João Silva", number: "55 (11) 91234-5678" };

describe("#tickets.sendContact", () => {
  it("writes the card as core stores it, its sendContact mutation and the ticket's time together (its preview stays the customer's)", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = await sendContact(w.db, { ticket, contact: card, userId: 9, now });

    expect(message).toMatchObject({
      ticketId: 4,
      fromMe: true,
      ack: 0,
      userId: 9,
      mediaType: "contactMessage",
      dataJson: { vCard: { name: "João Silva", number: "5511912345678" } },
    });
    expect(message.body).toContain("TEL;type=CELL;waid=5511912345678:+5511912345678");
    expect(await w.db.messages.get(message.id)).toEqual(message);
    const [entry] = await w.db.outbox.toArray();
    expect(entry?.name).toBe("sendContact");
    expect(entry?.args).toEqual({ id: message.id, ticketId: 4, contactId: 31, createdAt: now.toISOString() });
    // What is queued is what core's push accepts.
    expect(MUTATIONS.sendContact.safeParse(entry?.args).success).toBe(true);
    expect(await w.db.tickets.get(4)).toMatchObject({ lastMessage: "antes", updatedAt: now.toISOString() });
    // A pull reset or the replica's eviction keeps the card while it waits.
    expect(await outboxMessageIds(w.db)).toEqual(new Set([message.id]));
  });

  it("carries the private-note and quoted-reply flags", async () => {
    const quoted = "0190a5b2-0000-7000-8000-000000000001";
    const message = await sendContact(w.db, { ticket, contact: card, userId: 9, isPrivate: true, quotedMsgId: quoted });
    const [entry] = await w.db.outbox.toArray();
    expect(entry?.args).toMatchObject({ id: message.id, isPrivate: true, quotedMsgId: quoted });
    expect(await w.db.messages.get(message.id)).toMatchObject({ isPrivate: true, quotedMsgId: quoted });
  });

  it("is pushed once, and a refusal leaves the card visible, marked failed with the reason", async () => {
    const sent = await sendContact(w.db, { ticket, contact: card, userId: 9 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    expect(w.core.pushes.flatMap((p) => p.mutations.map((m) => m.name))).toEqual(["sendContact"]);
    expect(w.core.messages.has(sent.id)).toBe(true);

    w.core.refuse.set(4, { error: "ERR_NO_CONTACT_FOUND", message: "Contact not found" });
    const refused = await sendContact(w.db, { ticket, contact: card, userId: 9 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 0, rejected: 1 });
    expect(await w.db.messages.get(refused.id)).toMatchObject({ ack: -1, errorCode: "ERR_NO_CONTACT_FOUND" });
    expect(await w.db.outbox.count()).toBe(0);
  });
});
