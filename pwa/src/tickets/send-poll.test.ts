// A poll written on the device (decision 0067): the optimistic row in the shape core stores, the sendPoll mutation
// core's push accepts, kept through a pull reset while it waits, pushed once, and marked failed when refused.
import "fake-indexeddb/auto";
import { MUTATIONS } from "@chatflow/core/contract/sync.ts";
import { describe, expect, it } from "vitest";
import { outboxMessageIds } from "../store/outbox.ts";
import { pushOutbox } from "../sync/push.ts";
import { buildTicket } from "../test-support/factories.ts";
import { testApi } from "../test-support/fake-core.ts";
import { outboxWorldForFile } from "../test-support/outbox-world.ts";
import { parsePoll, sendPoll, sendsPolls } from "./send-poll.ts";

const ticket = buildTicket({ id: 4, contactId: 2, lastMessage: "antes" });
const w = outboxWorldForFile(ticket);
const poll = { name: "Qual sabor?", options: ["Uva", "Limão"], selectableCount: 1 };

describe("#tickets.sendPoll", () => {
  it("is offered only on WhatsApp by QR code", () => {
    expect(["whatsapp", "whatsappapi", "facebook", "instagram"].filter((c) => sendsPolls(c as never))).toEqual([
      "whatsapp",
    ]);
  });

  it("checks a draft with core's schema: trimmed, up to as many answers as options, repeats and empties refused", () => {
    expect(parsePoll({ name: " Sabor? ", options: [" Uva", "Limão "], selectableCount: 2 })).toEqual({
      ok: true,
      poll: { name: "Sabor?", options: ["Uva", "Limão"], selectableCount: 2 },
    });
    const more = parsePoll({ name: "Sabor?", options: ["Uva", "Limão"], selectableCount: 3 });
    expect(more.ok || more.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["selectableCount", "More than the options offered"],
    ]);
    const repeated = parsePoll({ name: "Sabor?", options: ["Uva", " Uva"], selectableCount: 1 });
    expect(repeated.ok || repeated.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["options", "Options must differ"],
    ]);
    const empty = parsePoll({ name: "", options: ["Uva", ""], selectableCount: 1 });
    expect(empty.ok || empty.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "Required"],
      ["options.1", "Required"],
    ]);
    const one = parsePoll({ name: "Sabor?", options: ["Uva"], selectableCount: 1 });
    expect(one.ok || one.error.issues.map((i) => i.message)).toEqual(["Too Short!"]);
    const thirteen = Array.from({ length: 13 }, (_, i) => `Opção ${i + 1}`);
    expect(parsePoll({ name: "Sabor?", options: thirteen, selectableCount: 1 }).ok).toBe(false);
  });

  it("writes the poll as core stores it (without core's secret), its sendPoll mutation and the ticket's time (its preview stays the customer's)", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = await sendPoll(w.db, { ticket, poll, userId: 9, now });
    expect(message).toMatchObject({
      ticketId: 4,
      fromMe: true,
      ack: 0,
      userId: 9,
      body: "Qual sabor?\n- Uva\n- Limão",
      mediaType: "pollCreationMessageV3",
      dataJson: {
        pollCreationMessageV3: {
          name: "Qual sabor?",
          options: [{ optionName: "Uva" }, { optionName: "Limão" }],
          selectableOptionsCount: 1,
        },
        votes: {},
      },
    });
    expect(await w.db.messages.get(message.id)).toEqual(message);
    const [entry] = await w.db.outbox.toArray();
    expect(entry?.name).toBe("sendPoll");
    expect(entry?.args).toEqual({ id: message.id, ticketId: 4, ...poll });
    // What is queued is what core's push accepts.
    expect(MUTATIONS.sendPoll.safeParse(entry?.args).success).toBe(true);
    expect(await w.db.tickets.get(4)).toMatchObject({ lastMessage: "antes", updatedAt: now.toISOString() });
    // A pull reset or the replica's eviction keeps the poll while it waits.
    expect(await outboxMessageIds(w.db)).toEqual(new Set([message.id]));
  });

  it("is pushed once, and a refusal leaves the poll visible, marked failed with the reason", async () => {
    const sent = await sendPoll(w.db, { ticket, poll, userId: 9 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 1, rejected: 0 });
    expect(w.core.pushes.flatMap((p) => p.mutations.map((m) => m.name))).toEqual(["sendPoll"]);
    expect(w.core.messages.has(sent.id)).toBe(true);

    w.core.refuse.set(4, { error: "ERR_WRONG_STATE", message: "Polls are sent only on WhatsApp" });
    const refused = await sendPoll(w.db, { ticket, poll, userId: 9 });
    expect(await pushOutbox({ db: w.db, api: testApi() })).toEqual({ accepted: 0, rejected: 1 });
    expect(await w.db.messages.get(refused.id)).toMatchObject({ ack: -1, errorCode: "ERR_WRONG_STATE" });
    expect(await w.db.outbox.count()).toBe(0);
  });
});
