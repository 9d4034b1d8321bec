// The pipelined group commit (decision 0114): several ingest transactions run at once, yet a contact's messages, and
// a message's edits, still go in arrival order, and nothing is stored twice. A lock held from another connection on
// one contact's ticket stands for a slow transaction: the others must go on past it, and what follows it must wait.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { forFile, testDbForFile } from "../testing/test-world.ts";
import { type InboundEvent, type InboundMessage, IngestBatcher, orderKeys } from "./ingest.ts";

const db = testDbForFile();
const w = forFile(async () => {
  const companyId = (await buildCompany(db.pool)).id;
  const whatsappId = (await buildWhatsapp(db.pool, { companyId })).id;
  return { companyId, whatsappId };
});

let n = 0;
const number = () => `5531${String(800000000 + ++n)}`;

const says = (from: string, body: string, remoteId = `wamid.${randomUUID()}`): InboundMessage => ({
  kind: "message",
  companyId: w.companyId,
  whatsappId: w.whatsappId,
  channel: "whatsappapi",
  remoteId,
  from,
  body,
  mediaType: "chat",
  timestamp: new Date(),
});

/** Bodies of a contact's messages in the order they were stored (uuidv7 ids grow with each insert). */
async function storedOrder(from: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ body: string }>(
    `SELECT m.body FROM messages m JOIN contacts c ON c.id = m.contact_id
     WHERE c.company_id = $1 AND c.number = $2 ORDER BY m.id`,
    [w.companyId, from],
  );
  return rows.map((r) => r.body);
}

/** A contact with a ticket in progress, whose ticket row another connection then holds locked until `release`. */
async function heldContact() {
  const from = number();
  const contactId = (await buildContact(db.pool, { companyId: w.companyId, number: from })).id;
  const ticket = await buildTicket(db.pool, {
    companyId: w.companyId,
    contactId,
    whatsappId: w.whatsappId,
    status: "pending",
  });
  const holder = await db.pool.connect();
  await holder.query("BEGIN");
  await holder.query("SELECT 1 FROM tickets WHERE id = $1 FOR UPDATE", [ticket.id]);
  return {
    from,
    release: async () => {
      await holder.query("COMMIT");
      holder.release();
    },
  };
}

const settled = <T>(p: Promise<T>) => {
  const state = { done: false };
  void p.then(
    () => {
      state.done = true;
    },
    () => {
      state.done = true;
    },
  );
  return state;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("#orderKeys", () => {
  it("keys a message by its contact, its id and the message it quotes, and a status or edit by the id it names", () => {
    const m = { ...says("5531999", "hi", "wamid.A"), quotedRemoteId: "wamid.Q" };
    expect(orderKeys([m]).sort()).toEqual(
      [`c${m.companyId}:5531999`, `r${m.whatsappId}:wamid.A`, `r${m.whatsappId}:wamid.Q`].sort(),
    );
    const edit: InboundEvent = { kind: "edit", companyId: 1, whatsappId: 7, remoteId: "wamid.A", body: "x" };
    const ack: InboundEvent = { kind: "ack", companyId: 1, whatsappId: 7, remoteId: "wamid.B", ack: 3 };
    expect(orderKeys([edit, ack])).toEqual(["r7:wamid.A", "r7:wamid.B"]);
  });
});

describe("IngestBatcher, pipelined", () => {
  it("commits other contacts' messages while one contact's transaction waits, and that contact's next ones after it", async () => {
    const batcher = new IngestBatcher(db.pool, { concurrency: 4 });
    const slow = await heldContact();
    const first = batcher.add([says(slow.from, "first")]);
    const firstState = settled(first);
    await pause(100);
    // The same contact again: it must wait for "first", though connections are free.
    const second = batcher.add([says(slow.from, "second")]);
    const secondState = settled(second);
    // Another contact meanwhile: committed while "first" is still held.
    const other = number();
    await batcher.add([says(other, "meanwhile")]);
    expect(await storedOrder(other)).toEqual(["meanwhile"]);
    expect(firstState.done).toBe(false);
    expect(secondState.done).toBe(false);
    await slow.release();
    await Promise.all([first, second]);
    expect(await storedOrder(slow.from)).toEqual(["first", "second"]);
  });

  it("gathers what arrives while a transaction does its statements into the next one, rather than one each", async () => {
    const sizes: number[] = [];
    const batcher = new IngestBatcher(db.pool, {
      concurrency: 4,
      stallMs: 300,
      onCommitted: (events) => void sizes.push(events),
    });
    const slow = await heldContact();
    const first = batcher.add([says(slow.from, "first")]);
    await pause(20);
    const a = batcher.add([says(number(), "a")]);
    await pause(20);
    const b = batcher.add([says(number(), "b")]);
    await Promise.all([a, b]);
    // Both waited for the stalled transaction's 300 ms and then went together.
    expect(sizes).toEqual([2]);
    await slow.release();
    await first;
    expect(sizes).toEqual([2, 1]);
  });

  it("with one transaction at a time, the other contact waits behind the held one (what pipelining removes)", async () => {
    const batcher = new IngestBatcher(db.pool, { concurrency: 1 });
    const slow = await heldContact();
    const first = batcher.add([says(slow.from, "first")]);
    await pause(100);
    const other = number();
    const meanwhile = settled(batcher.add([says(other, "meanwhile")]));
    await pause(300);
    expect(meanwhile.done).toBe(false);
    expect(await storedOrder(other)).toEqual([]);
    await slow.release();
    await first;
    await expect.poll(() => storedOrder(other)).toEqual(["meanwhile"]);
  });

  it("applies an edit that arrives while its message's transaction runs after the message, not before", async () => {
    const batcher = new IngestBatcher(db.pool, { concurrency: 4 });
    const slow = await heldContact();
    const remoteId = `wamid.${randomUUID()}`;
    const message = batcher.add([says(slow.from, "typo", remoteId)]);
    await pause(100);
    const edit = batcher.add([
      { kind: "edit", companyId: w.companyId, whatsappId: w.whatsappId, remoteId, body: "fixed" },
    ]);
    await slow.release();
    await Promise.all([message, edit]);
    const { rows } = await db.pool.query("SELECT body, is_edited FROM messages WHERE remote_id = $1", [remoteId]);
    expect(rows).toEqual([{ body: "fixed", is_edited: true }]);
  });

  it("stores every message once and in each contact's arrival order under many concurrent callers", async () => {
    const batcher = new IngestBatcher(db.pool, { concurrency: 4, maxBatch: 7 });
    const contacts = Array.from({ length: 12 }, number);
    const perContact = 15;
    const calls: Promise<Set<string>>[] = [];
    const redelivered: InboundMessage[] = [];
    for (let i = 0; i < perContact; i++) {
      for (const from of contacts) {
        const m = says(from, `m${i}`);
        calls.push(batcher.add([m]));
        // Every third message is delivered twice, at once: the channel's retry.
        if (i % 3 === 0) redelivered.push(m);
      }
      for (const m of redelivered.splice(0)) calls.push(batcher.add([m]));
    }
    await Promise.all(calls);
    for (const from of contacts) {
      expect(await storedOrder(from)).toEqual(Array.from({ length: perContact }, (_, i) => `m${i}`));
    }
    const { rows } = await db.pool.query<{ unread: number }>(
      `SELECT t.unread_messages AS unread FROM tickets t JOIN contacts c ON c.id = t.contact_id
       WHERE c.company_id = $1 AND c.number = ANY($2::text[])`,
      [w.companyId, contacts],
    );
    expect(rows.map((r) => r.unread)).toEqual(contacts.map(() => perContact));
  });

  it("finds a contact another transaction inserted while the first statement waited on it (another core's)", async () => {
    const batcher = new IngestBatcher(db.pool);
    const from = number();
    const other = await db.pool.connect();
    await other.query("BEGIN");
    const { rows } = await other.query<{ id: number }>(
      "INSERT INTO contacts (company_id, name, number) VALUES ($1, 'Elsewhere', $2) RETURNING id",
      [w.companyId, from],
    );
    const message = batcher.add([says(from, "hello")]);
    await pause(150);
    await other.query("COMMIT");
    other.release();
    await message;
    const stored = await db.pool.query("SELECT contact_id FROM messages WHERE company_id = $1 AND body = 'hello'", [
      w.companyId,
    ]);
    expect(stored.rows).toEqual([{ contact_id: rows[0]!.id }]);
  });

  it("keeps a caller's failure to itself while the others commit", async () => {
    const batcher = new IngestBatcher(db.pool, { concurrency: 2 });
    const good = number();
    const bad = { ...says(number(), "bad"), companyId: 2_000_000_000 };
    const results = await Promise.allSettled([
      batcher.add([says(good, "ok")]),
      batcher.add([bad]),
      batcher.add([says(good, "ok again")]),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await storedOrder(good)).toEqual(["ok", "ok again"]);
  });
});
