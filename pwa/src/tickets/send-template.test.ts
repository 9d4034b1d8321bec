// A template written on the device (decision 0053): the optimistic row, the sendTemplate mutation core's push accepts,
// and kept through a pull reset or an eviction while it waits in the outbox.
import "fake-indexeddb/auto";
import type { MessageTemplate } from "@chatflow/core/contract/message-templates.ts";
import { MUTATIONS } from "@chatflow/core/contract/sync.ts";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { outboxMessageIds } from "../store/outbox.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { sendTemplate } from "./send-template.ts";

let db: ChatflowDb;
const ticket = buildTicket({ id: 7, contactId: 3, lastMessage: "antes" });
const TEMPLATE: MessageTemplate = {
  name: "pedido_atualizado",
  language: "pt_BR",
  category: "UTILITY",
  header: { format: "TEXT", text: "Pedido {{1}}" },
  body: "Olá {{1}}, seu pedido foi {{2}}.",
  footer: null,
  buttons: [],
  headerVariables: 1,
  bodyVariables: 2,
  sendable: true,
};

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(ticket);
});

describe("#tickets.sendTemplate", () => {
  it("writes the filled-in template, its sendTemplate mutation and the ticket's time (its preview stays the customer's); a reset keeps it", async () => {
    const now = new Date("2025-03-04T05:06:07.000Z");
    const message = await sendTemplate(db, {
      ticket,
      template: TEMPLATE,
      headerParams: [" #12 "],
      bodyParams: ["Rita", "enviado"],
      userId: 9,
      now,
    });
    expect(message).toMatchObject({ ticketId: 7, fromMe: true, ack: 0, mediaType: "template" });
    expect(message.body).toContain("Olá Rita, seu pedido foi enviado.");
    expect(await db.messages.get(message.id)).toEqual(message);
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe("sendTemplate");
    expect(MUTATIONS.sendTemplate.safeParse(entry?.args).success).toBe(true);
    expect(entry?.args).toMatchObject({ id: message.id, ticketId: 7, headerParams: ["#12"] });
    expect(await db.tickets.get(7)).toMatchObject({ lastMessage: "antes", updatedAt: now.toISOString() });
    // A pull reset or the replica's eviction keeps the template while it waits in the outbox.
    expect(await outboxMessageIds(db)).toEqual(new Set([message.id]));
  });
});
