// The contacts screen's writes against a real core: each is queued in the outbox, shown at
// once, pushed, and either confirmed by the pull or undone with core's reason.
import "fake-indexeddb/auto";
import type { ContactDetailDTO } from "@chatflow/core/contract/contacts.ts";
import { ZCreateContactRequestSchema } from "@chatflow/core/contract/contacts.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { buildCompany, buildQueue, buildUser, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile, forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/http.ts";
import type { ChatflowDb } from "../store/db.ts";
import { createSyncEngine } from "../sync/sync-engine.ts";
import { testDb } from "../test-support/factories.ts";
import { mergeContacts } from "./contact-list.ts";
import {
  cacheContactPage,
  type LocalContact,
  pendingContacts,
  queueBlockContact,
  queueCreateContact,
  queueDeleteContact,
  queueUpdateContact,
} from "./contact-writes.ts";
import { startTicket } from "./start-ticket.ts";

const core = coreForFile();
let companyId: number;
let whatsappId: number;
let queueId: number;
let adminName: string;
const admin = { token: "" };
const agent = { token: "" };

// The company's records, assigned for the helpers below (read inside the tests only).
forFile(
  async () => {
    companyId = (await buildCompany(core.db.pool)).id;
    whatsappId = (await buildWhatsapp(core.db.pool, { companyId, channel: "whatsapp" })).id;
    queueId = (await buildQueue(core.db.pool, { companyId, name: "Suporte" })).id;
    adminName = "Beatriz Admin";
    const a = await buildUser(core.db.pool, { companyId, profile: "admin", name: adminName });
    const u = await buildUser(core.db.pool, { companyId, profile: "user" });
    admin.token = (await core.login(a.email, a.password)).token;
    agent.token = (await core.login(u.email, u.password)).token;
    // Signing in over HTTP takes a while on a busy machine.
  },
  { timeout: 60_000 },
);

/** One browser install signed in as `who`: its replica, its API client, its sync engine (already bootstrapped). */
async function device(who: { token: string }) {
  const db = testDb();
  const api = createApiClient({
    baseUrl: core.url,
    getToken: () => who.token,
    refreshToken: async () => null,
    onSessionExpired: () => undefined,
  });
  const refused: ErrorBody[] = [];
  const engine = createSyncEngine({ db, api, isOnline: () => true, onRejected: (_e, err) => refused.push(err) });
  await engine.sync();
  return { db, api, engine, refused };
}

let seq = 0;
const uniqueNumber = () => `55119${String(Date.now() % 100000).padStart(5, "0")}${String(++seq).padStart(3, "0")}`;

/** A contact made through the API, as GET /contacts/{id} answers it. */
async function serverContact(name: string): Promise<ContactDetailDTO> {
  const res = await core.api("POST", "/contacts", {
    token: admin.token,
    body: { name, number: uniqueNumber(), whatsappId },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const replicaRow = (db: ChatflowDb, id: number) => db.contacts.get(id) as Promise<LocalContact | undefined>;

describe("#contacts.writes", { timeout: 30_000 }, () => {
  it("shows a new contact from the outbox at once, and the stored row once core has it", async () => {
    const d = await device(admin);
    const number = uniqueNumber();
    await queueCreateContact(
      d.db,
      ZCreateContactRequestSchema.parse({ name: "Nova Cliente", number: `+${number}`, whatsappId }),
    );
    const waiting = await pendingContacts(d.db);
    expect(waiting).toMatchObject([{ name: "Nova Cliente", number, whatsappId }]);
    const before = mergeContacts({
      replica: [],
      pending: waiting,
      whatsapps: [],
      filter: { search: "nova", tagIds: [] },
      server: null,
    });
    expect(before.rows.map((r) => [r.name, r.state])).toEqual([["Nova Cliente", "creating"]]);

    await d.engine.sync();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await pendingContacts(d.db)).toEqual([]);
    const stored = (await d.db.contacts.toArray()).filter((c) => c.number === number);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Nova Cliente", whatsappId, active: true });
    const { rows } = await core.db.pool.query("SELECT name FROM contacts WHERE company_id = $1 AND number = $2", [
      companyId,
      number,
    ]);
    expect(rows).toEqual([{ name: "Nova Cliente" }]);
  });

  it("applies an edit to the replica at once and keeps core's row after the sync", async () => {
    const contact = await serverContact("Carlos");
    const d = await device(admin);
    expect(await queueUpdateContact(d.db, contact, { name: "Carlos Eduardo", email: "carlos@example.com" })).toBe(true);
    const local = await replicaRow(d.db, contact.id);
    expect(local).toMatchObject({ name: "Carlos Eduardo", email: "carlos@example.com" });
    expect(local?.local?.before).toEqual({ name: "Carlos", email: "" });
    // Nothing changed: nothing queued.
    expect(await queueUpdateContact(d.db, local!, { name: "Carlos Eduardo" })).toBe(false);

    await d.engine.sync();
    const synced = await replicaRow(d.db, contact.id);
    expect(synced).toMatchObject({ name: "Carlos Eduardo", email: "carlos@example.com" });
    expect(synced?.local).toBeUndefined();
  });

  it("puts the old values back and says why when core refuses an edit", async () => {
    const taken = await serverContact("Dono do número");
    const contact = await serverContact("Diana");
    // Signed in after they exist: the pull after the refusal carries nothing about them.
    const d = await device(admin);
    await queueUpdateContact(d.db, contact, { name: "Diana Prado", number: taken.number });
    expect(await replicaRow(d.db, contact.id)).toMatchObject({ name: "Diana Prado", number: taken.number });

    await d.engine.sync();
    expect(d.refused.map((e) => e.error)).toEqual(["ERR_DUPLICATED_CONTACT"]);
    const back = await replicaRow(d.db, contact.id);
    expect(back).toMatchObject({ name: "Diana", number: contact.number });
    expect(back?.local).toBeUndefined();
  });

  it("blocks and unblocks (spec 1 §4: active false, then true)", async () => {
    const contact = await serverContact("Eva");
    const d = await device(admin);
    await queueBlockContact(d.db, contact, false);
    expect((await replicaRow(d.db, contact.id))?.active).toBe(false);
    await d.engine.sync();
    expect(await replicaRow(d.db, contact.id)).toMatchObject({ active: false });
    const db = await core.db.pool.query("SELECT active FROM contacts WHERE id = $1", [contact.id]);
    expect(db.rows[0].active).toBe(false);

    await queueBlockContact(d.db, (await replicaRow(d.db, contact.id))!, true);
    await d.engine.sync();
    expect(await replicaRow(d.db, contact.id)).toMatchObject({ active: true });
    expect(d.refused).toEqual([]);
  });

  it("hides a contact being deleted; a plain user's delete comes back refused, an admin's is gone", async () => {
    const contact = await serverContact("Fábio");
    const plain = await device(agent);
    await queueDeleteContact(plain.db, contact);
    const hidden = mergeContacts({
      replica: (await plain.db.contacts.toArray()) as LocalContact[],
      pending: [],
      whatsapps: [],
      filter: { search: "fábio", tagIds: [] },
      server: null,
    });
    expect(hidden.rows).toEqual([]);
    await plain.engine.sync();
    expect(plain.refused.map((e) => e.error)).toEqual(["ERR_NO_PERMISSION"]);
    expect((await replicaRow(plain.db, contact.id))?.local).toBeUndefined();

    const d = await device(admin);
    await queueDeleteContact(d.db, contact);
    await d.engine.sync();
    expect(d.refused).toEqual([]);
    expect(await replicaRow(d.db, contact.id)).toBeUndefined();
    const db = await core.db.pool.query("SELECT 1 FROM contacts WHERE id = $1", [contact.id]);
    expect(db.rowCount).toBe(0);
  });
});

describe("#contacts.cachePage", { timeout: 30_000 }, () => {
  it("keeps the contacts of a page core answered for offline, but never over a change waiting here or a newer row", async () => {
    const db = testDb();
    const [a, b, c] = await Promise.all(["Iara", "Joel", "Kátia"].map((n) => serverContact(n)));
    await queueUpdateContact(db, b!, { name: "Joel Editado" });
    await db.contacts.put({ ...c!, name: "Kátia mais nova", updatedAt: "2999-01-01T00:00:00.000Z" });
    await cacheContactPage(db, [a!, b!, c!]);
    const rows = (await db.contacts.bulkGet([a!.id, b!.id, c!.id])) as LocalContact[];
    expect(rows.map((r) => r.name)).toEqual(["Iara", "Joel Editado", "Kátia mais nova"]);
    // Only the replicated fields are kept, not the list's extras.
    expect(rows[0]).not.toHaveProperty("tags");
    expect(rows[0]).not.toHaveProperty("extraInfo");
  });
});

describe("#contacts.startTicket", { timeout: 30_000 }, () => {
  it("opens the new ticket, and a second start names who holds it and in which queue", async () => {
    const contact = await serverContact("Gabriela");
    const d = await device(admin);
    const args = { contactId: contact.id, whatsappId, queueId };
    const sync = () => void d.engine.sync();
    const opened = await startTicket(d.db, args, { online: true, sync });
    expect(opened.kind).toBe("opened");
    if (opened.kind !== "opened") return;
    expect(opened.ticket).toMatchObject({ contactId: contact.id, whatsappId, queueId, status: "open" });

    const again = await startTicket(d.db, args, { online: true, sync });
    expect(again).toMatchObject({
      kind: "refused",
      error: {
        error: "ERR_OTHER_OPEN_TICKET",
        data: { userName: adminName, queueName: "Suporte", status: "open", uuid: opened.ticket.uuid },
      },
    });
  });

  it("offline, waits in the outbox and says so", async () => {
    const contact = await serverContact("Heitor");
    const d = await device(admin);
    const outcome = await startTicket(
      d.db,
      { contactId: contact.id, whatsappId, queueId },
      {
        online: false,
        sync: () => undefined,
      },
    );
    expect(outcome).toEqual({ kind: "queued" });
    expect((await d.db.outbox.toArray()).map((e) => [e.name, e.args])).toEqual([
      ["createTicket", { contactId: contact.id, whatsappId, queueId, status: "open" }],
    ]);
  });
});
