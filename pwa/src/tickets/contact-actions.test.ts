import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { buildContact, testDb } from "../test-support/factories.ts";
import {
  addTicketNote,
  blockContact,
  deleteTicketNote,
  setContactTags,
  toggleAcceptAudio,
  toggleDisableBot,
  updateContact,
} from "./contact-actions.ts";

let db: ChatflowDb;
const now = new Date("2025-05-06T07:08:09.000Z");
const contact = buildContact({ id: 4, active: true, disableBot: false, acceptAudioMessage: true });

beforeEach(async () => {
  db = testDb();
  await db.contacts.put(contact);
});

const outbox = async () => (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args }));

describe("#contactDrawer.actions", () => {
  it("block and the two switches change the replicated contact at once", async () => {
    await blockContact(db, contact, false, now);
    await toggleDisableBot(db, contact, now);
    await toggleAcceptAudio(db, contact, now);
    expect(await db.contacts.get(4)).toMatchObject({ active: false, disableBot: true, acceptAudioMessage: false });
    expect(await outbox()).toEqual([
      { name: "blockContact", args: { contactId: 4, active: false } },
      { name: "toggleDisableBot", args: { contactId: 4 } },
      { name: "toggleAcceptAudio", args: { contactId: 4 } },
    ]);
    // Each remembers the server's row, so a refusal can put it back.
    expect((await db.outbox.toArray()).map((e) => e.optimistic?.base)).toEqual([contact, contact, contact]);
  });

  it("an edit changes name and e-mail in the replica and queues what changed", async () => {
    await updateContact(db, contact, { name: "Maria Souza", email: "maria@x.com", extraInfo: [] }, now);
    expect(await db.contacts.get(4)).toMatchObject({
      name: "Maria Souza",
      email: "maria@x.com",
      number: contact.number,
    });
    expect(await outbox()).toEqual([
      { name: "updateContact", args: { contactId: 4, name: "Maria Souza", email: "maria@x.com", extraInfo: [] } },
    ]);
  });

  it("tags and notes only queue (they are not replicated)", async () => {
    await setContactTags(db, 4, [{ id: 1 }, { name: "Novo" }]);
    await addTicketNote(db, { note: "Prefere à tarde", ticketId: 10, contactId: 4 });
    await deleteTicketNote(db, 33);
    expect(await outbox()).toEqual([
      { name: "syncContactTags", args: { contactId: 4, tags: [{ id: 1 }, { name: "Novo" }] } },
      { name: "createTicketNote", args: { note: "Prefere à tarde", ticketId: 10, contactId: 4 } },
      { name: "deleteTicketNote", args: { noteId: 33 } },
    ]);
    expect(await db.contacts.get(4)).toEqual(contact);
  });
});
