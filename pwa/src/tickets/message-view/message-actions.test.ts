import "fake-indexeddb/auto";
// The message menu's rules and writes: who may edit, delete, forward and retry; each write is
// an outbox mutation with its effect on the replica, undone when core refuses it.
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../../store/db.ts";
import { undoOptimistic } from "../../sync/optimistic.ts";
import { ROLLBACKS } from "../../sync/rollbacks.ts";
import { buildMessage, testDb } from "../../test-support/factories.ts";
import {
  canDeleteMessage,
  canEditMessage,
  canForwardMessage,
  canRetryMessage,
  EDIT_WINDOW_MS,
  FORWARD_MAX_CONTACTS,
  queueDeleteMessage,
  queueEditMessage,
  queueForwardMessage,
  refusedSendOf,
  retryFailedMessage,
} from "./message-actions.ts";
import { deliveryState, splitReactions } from "./message-state.ts";

let db: ChatflowDb;
const sentAt = "2025-03-04T10:00:00.000Z";
const mine = buildMessage({
  id: "0190a5b2-0000-7000-8000-00000000000a",
  fromMe: true,
  userId: 7,
  createdAt: sentAt,
  body: "oi",
});

beforeEach(async () => {
  db = testDb();
  await db.messages.put(mine);
});

describe("#messages menu rules (spec 1 §4 Messages)", () => {
  it("edits only the user's own text within 15 minutes", () => {
    const at = (ms: number) => new Date(Date.parse(sentAt) + ms);
    expect(canEditMessage(mine, 7, at(EDIT_WINDOW_MS))).toBe(true);
    expect(canEditMessage(mine, 7, at(EDIT_WINDOW_MS + 1))).toBe(false);
    expect(canEditMessage(mine, 8, at(1000))).toBe(false);
    expect(canEditMessage({ ...mine, mediaType: "image" }, 7, at(1000))).toBe(false);
    expect(canEditMessage({ ...mine, isDeleted: true }, 7, at(1000))).toBe(false);
    expect(canEditMessage({ ...mine, fromMe: false }, 7, at(1000))).toBe(false);
  });

  it("deletes only own messages, forwards neither notes nor deleted ones, retries only own failures", () => {
    expect(canDeleteMessage(mine, 7)).toBe(true);
    expect(canDeleteMessage(mine, 8)).toBe(false);
    expect(canForwardMessage(mine)).toBe(true);
    expect(canForwardMessage({ ...mine, isPrivate: true })).toBe(false);
    expect(canForwardMessage({ ...mine, isDeleted: true })).toBe(false);
    expect(canRetryMessage(mine, 7)).toBe(false);
    expect(canRetryMessage({ ...mine, ack: -1 }, 7)).toBe(true);
    expect(canRetryMessage({ ...mine, ack: -1 }, 8)).toBe(false);
  });

  it("maps acks and the outbox to the states shown", () => {
    expect(deliveryState({ ack: 0 }, true)).toBe("queued");
    expect(deliveryState({ ack: 0 }, false)).toBe("accepted");
    expect(deliveryState({ ack: 1 }, false)).toBe("sent");
    expect(deliveryState({ ack: 2 }, false)).toBe("delivered");
    expect(deliveryState({ ack: 3 }, false)).toBe("read");
    expect(deliveryState({ ack: 5 }, false)).toBe("read");
    expect(deliveryState({ ack: -1 }, true)).toBe("failed");
  });
});

describe("#messages menu writes", () => {
  it("edits at once and puts the text back when core refuses", async () => {
    const entryId = await queueEditMessage(db, mine, "  corrigido  ");
    expect(await db.messages.get(mine.id)).toMatchObject({ body: "corrigido", isEdited: true });
    const entry = await db.outbox.get(entryId);
    expect(entry).toMatchObject({ name: "editMessage", args: { id: mine.id, body: "corrigido" } });
    if (!entry) throw new Error("no entry");
    await db.transaction("rw", [db.outbox, db.messages, db.tickets, db.contacts], () => undoOptimistic(db, entry));
    expect(await db.messages.get(mine.id)).toEqual(mine);
  });

  it("deletes at once, and a later edit waiting on the same message survives the delete's refusal", async () => {
    const del = await queueDeleteMessage(db, mine);
    expect(await db.messages.get(mine.id)).toMatchObject({ isDeleted: true });
    await queueEditMessage(db, mine, "novo");
    const entry = await db.outbox.get(del);
    if (!entry) throw new Error("no entry");
    await db.transaction("rw", [db.outbox, db.messages, db.tickets, db.contacts], () => undoOptimistic(db, entry));
    expect(await db.messages.get(mine.id)).toMatchObject({ isDeleted: false, body: "novo", isEdited: true });
  });

  it("forwards one copy per contact, each with its own id, and refuses none or too many", async () => {
    const ids = await queueForwardMessage(db, mine, [3, 4]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.name)).toEqual(["forwardMessage", "forwardMessage"]);
    expect(entries.map((e) => e.args)).toEqual([
      { id: ids[0], messageId: mine.id, contactId: 3, signMessage: false },
      { id: ids[1], messageId: mine.id, contactId: 4, signMessage: false },
    ]);
    expect(new Set(ids).size).toBe(2);
    await expect(queueForwardMessage(db, mine, [])).rejects.toThrow(RangeError);
    const many = Array.from({ length: FORWARD_MAX_CONTACTS + 1 }, (_, i) => i + 1);
    await expect(queueForwardMessage(db, mine, many)).rejects.toThrow(RangeError);
  });

  it("retries a send core refused as the same send, and a failed channel send through retryMessage", async () => {
    const args = { id: mine.id, ticketId: 1, body: "oi", createdAt: sentAt, quotedMsgId: null };
    await ROLLBACKS.sendMessage(db, args, { error: "ERR_WRONG_STATE", message: "" });
    const refused = await db.messages.get(mine.id);
    expect(refused).toMatchObject({ ack: -1, errorCode: "ERR_WRONG_STATE" });
    if (!refused) throw new Error("gone");
    expect(refusedSendOf(refused)).toEqual(args);

    await retryFailedMessage(db, refused);
    expect(await db.messages.get(mine.id)).toMatchObject({ ack: 0, errorCode: null, dataJson: null });
    expect((await db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([["sendMessage", args]]);

    await db.outbox.clear();
    const failed = { ...mine, ack: -1 as const, errorCode: "ERR_SENDING_WAPP_MSG" };
    await db.messages.put(failed);
    await retryFailedMessage(db, failed);
    expect(await db.messages.get(mine.id)).toMatchObject({ ack: 0, errorCode: null });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: "retryMessage", args: { id: mine.id } });
    if (!entry) throw new Error("no entry");
    // Refused: the failure shows again, with its reason.
    await db.transaction("rw", [db.outbox, db.messages, db.tickets, db.contacts], () => undoOptimistic(db, entry));
    expect(await db.messages.get(mine.id)).toMatchObject({ ack: -1, errorCode: "ERR_SENDING_WAPP_MSG" });
  });
});

describe("#messages reactions", () => {
  it("shows each person's latest reaction on its target, by the channel's id or ours; an empty one withdraws it", () => {
    const target = buildMessage({ id: "t1", dataJson: { id: "wamid.T" }, createdAt: "2025-01-01T10:00:00.000Z" });
    const react = (id: string, emoji: string, at: string, fromMe = false) =>
      buildMessage({
        id,
        body: emoji,
        fromMe,
        mediaType: "reactionMessage",
        dataJson: { reaction: { message_id: "wamid.T", emoji } },
        createdAt: at,
      });
    const { shown, reactions } = splitReactions([
      target,
      react("r1", "👍", "2025-01-01T10:01:00.000Z"),
      react("r2", "❤️", "2025-01-01T10:02:00.000Z"),
      react("r3", "😂", "2025-01-01T10:03:00.000Z", true),
    ]);
    expect(shown.map((m) => m.id)).toEqual(["t1"]);
    expect(reactions.get("t1")?.map((r) => r.emoji)).toEqual(["❤️", "😂"]);

    const withdrawn = splitReactions([
      target,
      react("r1", "👍", "2025-01-01T10:01:00.000Z"),
      react("r2", "", "2025-01-01T10:02:00.000Z"),
    ]);
    expect(withdrawn.reactions.has("t1")).toBe(false);
    // A reaction to a message not loaded stays visible in the list rather than vanish.
    const orphan = buildMessage({
      id: "o",
      mediaType: "reactionMessage",
      body: "🔥",
      dataJson: { reaction: { message_id: "wamid.X" } },
    });
    expect(splitReactions([orphan]).shown).toEqual([orphan]);
  });

  it("puts a customer's reaction on our own outbound message, found by its replicated channel id", () => {
    // Ours: no webhook payload in dataJson, the channel's id only in remoteId (set when the worker sent it).
    const ours = buildMessage({ id: "out", fromMe: true, dataJson: null, remoteId: "wamid.OURS" });
    const reaction = buildMessage({
      id: "r",
      body: "🙏",
      mediaType: "reactionMessage",
      dataJson: { reaction: { message_id: "wamid.OURS", emoji: "🙏" } },
    });
    const { shown, reactions } = splitReactions([ours, reaction]);
    expect(shown.map((m) => m.id)).toEqual(["out"]);
    expect(reactions.get("out")?.map((r) => r.emoji)).toEqual(["🙏"]);
  });
});
