// The import from the phone (decision 0112), from Baileys' events to the company's contacts: the adapter keeps what a
// WhatsApp-by-QR connection learns of its contacts, and core's POST /contacts/import turns them into contacts as the
// spreadsheet import does. Where the events come from: Baileys 7.0.0-rc14's own code builds them from WhatsApp's
// protobufs, encoded and decoded with its own `proto` as they travel: app-state contact actions through
// processContactAction and emitSyncActionResults (Utils/sync-action-utils.js, what Utils/chat-utils.js runs for a
// `contactAction` mutation), history sync chunks through processHistoryMessage (Utils/history.js, what
// messaging-history.set carries), and a push name as Socket/chats.js upsertMessage emits it with each message
// (contacts.update `{ id, notify, verifiedName }`).
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import { buildCompany, buildContact, buildUser, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile, tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { type BaileysEventMap, type Contact, processHistoryMessage, proto } from "@whiskeysockets/baileys";
import { emitSyncActionResults, processContactAction } from "@whiskeysockets/baileys/lib/Utils/sync-action-utils.js";
import { describe, expect, it } from "vitest";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { waitFor } from "../testing/outbound-fixtures.ts";
import { postgresAuthState } from "./baileys-auth.ts";
import { phoneContactsOf } from "./baileys-phone-contacts.ts";
import { whatsappBaileysAdapter } from "./whatsapp-baileys.ts";

const core = coreForFile();
const media = tmpDirForFile("phone-contacts-media-");
const LEASE = { workerId: "w-phone", generation: 1 };
/** The phone the connection is paired with (the stand-in opens as it). */
const ME = "5511999990000";

/** A company with a plain user signed in and a WhatsApp-by-QR connection whose adapter runs on a stand-in socket. */
async function connectedCompany() {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  const user = await buildUser(pool, { companyId: company.id, profile: "user" });
  const { token } = await core.login(user.email, user.password);
  const wa = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
  await pool.query(
    `INSERT INTO connection_leases (whatsapp_id, holder, presence_key, generation, expires_at)
     VALUES ($1, $2, 1, $3, now() + interval '1 hour')`,
    [wa.id, LEASE.workerId, LEASE.generation],
  );
  const owner = { companyId: company.id, whatsappId: wa.id };
  const auth = await postgresAuthState(pool, owner);
  auth.state.creds.registered = true;
  await auth.saveCreds();
  const sockets = standInSockets();
  const batcher = new IngestBatcher(pool);
  const adapter = whatsappBaileysAdapter(
    {
      id: wa.id,
      companyId: company.id,
      name: "c",
      channel: "whatsapp",
      phoneNumberId: null,
      accessToken: null,
      token: null,
    },
    { onInbound: (events) => batcher.add(events), onStatus: () => {} },
    { pool, lease: LEASE, dataDir: media.path, makeSocket: sockets.factory, log: () => {} },
  );
  await adapter.start();
  const s = await openStandInConnection(pool, sockets, owner, { user: `${ME}:3@s.whatsapp.net` });
  return { ...owner, token, userId: user.id, adapter, s };
}

/** An address-book entry as WhatsApp's app state syncs it (a `contactAction` under the contact's jid). */
function addressBook(
  s: { ev: Parameters<typeof emitSyncActionResults>[0] },
  jid: string,
  action: proto.SyncActionValue.IContactAction,
) {
  const bytes = proto.SyncActionValue.ContactAction.encode(
    proto.SyncActionValue.ContactAction.fromObject(action),
  ).finish();
  emitSyncActionResults(s.ev, processContactAction(proto.SyncActionValue.ContactAction.decode(bytes), jid));
}

/** A history sync chunk as Baileys hands it to messaging-history.set. */
function historyChunk(sync: proto.IHistorySync): BaileysEventMap["messaging-history.set"] {
  const bytes = proto.HistorySync.encode(proto.HistorySync.fromObject(sync)).finish();
  return processHistoryMessage(proto.HistorySync.decode(bytes)) as BaileysEventMap["messaging-history.set"];
}

type PhoneRow = { number: string; name: string | null; notify: string | null };
async function phoneRows(c: { companyId: number; whatsappId: number }): Promise<PhoneRow[]> {
  const { rows } = await core.db.pool.query<PhoneRow>(
    "SELECT number, name, notify FROM phone_contacts WHERE company_id = $1 AND whatsapp_id = $2 ORDER BY number",
    [c.companyId, c.whatsappId],
  );
  return rows;
}
async function contacts(companyId: number): Promise<{ name: string; number: string }[]> {
  const { rows } = await core.db.pool.query<{ name: string; number: string }>(
    "SELECT name, number FROM contacts WHERE company_id = $1 ORDER BY number",
    [companyId],
  );
  return rows;
}

/** The events a freshly paired phone sends: its address book, its chats' history, push names. */
async function phoneTellsItsContacts(c: Awaited<ReturnType<typeof connectedCompany>>) {
  addressBook(c.s, "5511911110001@s.whatsapp.net", { fullName: "Ana Lima", lidJid: "111000111@lid" });
  addressBook(c.s, "5511911110002@s.whatsapp.net", { firstName: "Bruno" });
  addressBook(c.s, "5511988887777@s.whatsapp.net", { fullName: "Cliente Antigo" });
  // The connection's own number is in its address book too; it is no contact of its own.
  addressBook(c.s, `${ME}@s.whatsapp.net`, { fullName: "Eu" });
  c.s.emit(
    "messaging-history.set",
    historyChunk({
      syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
      progress: 100,
      conversations: [
        { id: "5511911110003@s.whatsapp.net", name: "Carla" },
        // Known only by its LID so far.
        { id: "222333444@lid", displayName: "Dora" },
        { id: "120363000000000001@g.us", name: "Grupo da loja" },
        { id: "status@broadcast" },
        { id: "1234567890@broadcast", name: "Lista de transmissão" },
        { id: "120363000000000002@newsletter", name: "Canal" },
      ],
    }),
  );
  c.s.emit(
    "messaging-history.set",
    historyChunk({
      syncType: proto.HistorySync.HistorySyncType.PUSH_NAME,
      pushnames: [{ id: "5511911110004@s.whatsapp.net", pushname: "Eva" }],
    }),
  );
  // A message's push name (Socket/chats.js): it completes a contact, never replaces the address book's name.
  const pushName: Partial<Contact>[] = [
    { id: "5511911110002@s.whatsapp.net", notify: "Bruno B.", verifiedName: undefined },
  ];
  c.s.emit("contacts.update", pushName);
  await waitFor(
    async () => (await phoneRows(c)).length === 6 && (await phoneRows(c)).some((r) => r.notify === "Bruno B."),
    "six contacts kept",
  );
}

describe("#baileys.phoneContacts", () => {
  it("keeps people only, by phone number or LID, and the number's own row once the LID's number is learnt", async () => {
    const c = await connectedCompany();
    await phoneTellsItsContacts(c);
    expect(await phoneRows(c)).toEqual([
      { number: "222333444@lid", name: "Dora", notify: null },
      { number: "5511911110001", name: "Ana Lima", notify: null },
      { number: "5511911110002", name: "Bruno", notify: "Bruno B." },
      { number: "5511911110003", name: "Carla", notify: null },
      { number: "5511911110004", name: null, notify: "Eva" },
      { number: "5511988887777", name: "Cliente Antigo", notify: null },
    ]);
    c.s.emit("lid-mapping.update", { lid: "222333444@lid", pn: "5511911110005@s.whatsapp.net" });
    await waitFor(async () => (await phoneRows(c)).some((r) => r.number === "5511911110005"), "the LID's row moved");
    expect((await phoneRows(c)).filter((r) => r.name === "Dora")).toEqual([
      { number: "5511911110005", name: "Dora", notify: null },
    ]);
    // A push name later told under the LID (a LID-addressed chat's message) completes the number's row.
    const underLid: Partial<Contact>[] = [{ id: "222333444@lid", notify: "Dorinha", verifiedName: undefined }];
    c.s.emit("contacts.update", underLid);
    await waitFor(
      async () => (await phoneRows(c)).some((r) => r.number === "5511911110005" && r.notify === "Dorinha"),
      "the push name on the number's row",
    );
    expect((await phoneRows(c)).some((r) => r.number.endsWith("@lid"))).toBe(false);
    await c.adapter.stop();
  });

  it("writes a push name Baileys repeats with every message once", async () => {
    const c = await connectedCompany();
    const pushName = (id: string, notify: string): Partial<Contact>[] => [{ id, notify, verifiedName: undefined }];
    c.s.emit("contacts.update", pushName("5511933330001@s.whatsapp.net", "Rita"));
    await waitFor(async () => (await phoneRows(c)).length === 1, "the first push name");
    // Changed under the keeper: a second write of the same push name would put "Rita" back.
    await core.db.pool.query(
      "UPDATE phone_contacts SET notify = 'changed here' WHERE company_id = $1 AND whatsapp_id = $2",
      [c.companyId, c.whatsappId],
    );
    c.s.emit("contacts.update", pushName("5511933330001@s.whatsapp.net", "Rita"));
    c.s.emit("contacts.update", pushName("5511933330002@s.whatsapp.net", "Saulo"));
    await waitFor(async () => (await phoneRows(c)).length === 2, "the next contact");
    expect((await phoneRows(c)).map((r) => r.notify)).toEqual(["changed here", "Saulo"]);
    // A new name is written.
    c.s.emit("contacts.update", pushName("5511933330001@s.whatsapp.net", "Rita Lee"));
    await waitFor(async () => (await phoneRows(c))[0]!.notify === "Rita Lee", "the new push name");
    await c.adapter.stop();
  });

  it("maps Baileys' contacts: a LID with its number is the number; groups, lists, status, newsletters and the own number are not", () => {
    expect(
      phoneContactsOf(
        [
          { id: "333@lid", phoneNumber: "5511900000001@s.whatsapp.net", notify: "Fábio" },
          { id: "5511900000002@s.whatsapp.net", lid: "444@lid", name: "Gil" },
          { id: "120363000000000001@g.us", name: "Grupo" },
          { id: "status@broadcast" },
          { id: "120363000000000002@newsletter" },
          { id: `${ME}@s.whatsapp.net`, name: "Eu" },
          { notify: "no id" },
        ],
        ME,
      ),
    ).toEqual({
      entries: [
        { number: "5511900000001", name: null, notify: "Fábio", verifiedName: null },
        { number: "5511900000002", name: "Gil", notify: null, verifiedName: null },
      ],
      pairs: [
        { lid: "333@lid", pn: "5511900000001" },
        { lid: "444@lid", pn: "5511900000002" },
      ],
    });
  });
});

describe("#contacts.importFromPhone", () => {
  it("imports the connection's contacts once: duplicates ignored, counts, the job's progress, the company's only", async () => {
    const c = await connectedCompany();
    await buildContact(core.db.pool, { companyId: c.companyId, number: "5511988887777", name: "Já cadastrado" });
    await phoneTellsItsContacts(c);

    const first = await core.api("POST", "/contacts/import", { token: c.token, body: { whatsappId: c.whatsappId } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 5, ignored: 1 });
    expect(await contacts(c.companyId)).toEqual([
      { name: "Dora", number: "222333444@lid" },
      { name: "Ana Lima", number: "5511911110001" },
      { name: "Bruno", number: "5511911110002" },
      { name: "Carla", number: "5511911110003" },
      { name: "Eva", number: "5511911110004" },
      { name: "Já cadastrado", number: "5511988887777" },
    ]);
    // The job, as the spreadsheet's: polled on the same address, with what it read.
    const job = await core.api("GET", first.headers.get("location")!, { token: c.token });
    expect(job.body).toMatchObject({ state: "finished", rowsRead: 6, created: 5, ignored: 1 });

    // Again: everything is there already.
    const again = await core.api("POST", "/contacts/import", { token: c.token, body: { whatsappId: c.whatsappId } });
    expect(again.body).toEqual({ created: 0, ignored: 6 });
    expect(await contacts(c.companyId)).toHaveLength(6);

    // The LID contact imported becomes the number's once WhatsApp tells it, as a LID contact of the inbox does.
    c.s.emit("lid-mapping.update", { lid: "222333444@lid", pn: "5511911110005@s.whatsapp.net" });
    await waitFor(async () => (await contacts(c.companyId)).some((r) => r.number === "5511911110005"), "merged");
    expect((await contacts(c.companyId)).filter((r) => r.name === "Dora")).toEqual([
      { name: "Dora", number: "5511911110005" },
    ]);

    // Another company: refused A's connection without a word of it, and its own import never reads A's contacts.
    const b = await connectedCompany();
    const foreign = await core.api("POST", "/contacts/import", { token: b.token, body: { whatsappId: c.whatsappId } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_WAPP_FOUND");
    const own = await core.api("POST", "/contacts/import", { token: b.token, body: { whatsappId: b.whatsappId } });
    expect(own.body).toEqual({ created: 0, ignored: 0 });
    expect(await contacts(b.companyId)).toEqual([]);
    expect(await contacts(c.companyId)).toHaveLength(6);
    // The audit log says who imported from which connection.
    const audit = await core.db.pool.query<{ subject: string; detail: unknown }>(
      "SELECT subject, detail FROM audit_entries WHERE company_id = $1 AND kind = 'contacts.import' ORDER BY id",
      [c.companyId],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]!.detail).toEqual({ source: "phone", whatsappId: c.whatsappId });
    await c.adapter.stop();
    await b.adapter.stop();
  });

  it("writes contacts in batches, its progress shown while it runs, for a phone of 1,200 contacts", async () => {
    const c = await connectedCompany();
    const numberOf = (i: number) => `55119${String(20_000_000 + i)}`;
    const many: Contact[] = Array.from({ length: 1200 }, (_, i) => ({
      id: `${numberOf(i)}@s.whatsapp.net`,
      name: `Pessoa ${i}`,
    }));
    c.s.emit("contacts.upsert", many);
    await waitFor(async () => (await phoneRows(c)).length === 1200, "1,200 kept");
    // Someone saving the 701st number in a transaction still open: the import's second batch waits on it, after
    // the first batch's progress was written.
    const blocker = await core.db.pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("INSERT INTO contacts (company_id, name, number) VALUES ($1, 'Em edição', $2)", [
        c.companyId,
        numberOf(700),
      ]);
      const answer = core.api("POST", "/contacts/import", { token: c.token, body: { whatsappId: c.whatsappId } });
      const running = await waitFor(async () => {
        const { rows } = await core.db.pool.query<{ state: string; rows_read: number }>(
          "SELECT state, rows_read FROM contact_imports WHERE company_id = $1",
          [c.companyId],
        );
        return rows[0]?.rows_read === 500 ? rows[0] : null;
      }, "the first batch's progress");
      expect(running).toEqual({ state: "running", rows_read: 500 });
      await blocker.query("ROLLBACK");
      const res = await answer;
      const location = res.headers.get("location")!;
      const job = await waitFor(async () => {
        const r = await core.api("GET", location, { token: c.token });
        return r.body.state === "finished" ? r.body : null;
      }, "the job's end");
      expect(job).toMatchObject({ state: "finished", rowsRead: 1200, created: 1200, ignored: 0 });
    } finally {
      blocker.release();
    }
    await c.adapter.stop();
  });

  it("imports from the phone's chats only the contacts it has a chat with (POST /contacts/import/chats)", async () => {
    const c = await connectedCompany();
    await phoneTellsItsContacts(c);
    // A new chat (Baileys' chats.upsert when a conversation starts), with a contact of the address book.
    c.s.emit("chats.upsert", [{ id: "5511911110002@s.whatsapp.net", conversationTimestamp: 1_700_000_000 }]);
    const chatRows = async () =>
      (
        await core.db.pool.query<{ number: string }>(
          "SELECT number FROM phone_contacts WHERE company_id = $1 AND whatsapp_id = $2 AND has_chat ORDER BY number",
          [c.companyId, c.whatsappId],
        )
      ).rows.map((r) => r.number);
    await waitFor(async () => (await chatRows()).includes("5511911110002"), "the new chat kept");
    // The history's conversations (people only) and the new chat; the address book and push names alone are not.
    expect(await chatRows()).toEqual(["222333444@lid", "5511911110002", "5511911110003"]);
    await buildContact(core.db.pool, { companyId: c.companyId, number: "5511911110003", name: "Carla já" });

    const chats = await core.api("POST", "/contacts/import/chats", {
      token: c.token,
      body: { whatsappId: c.whatsappId },
    });
    expect(chats.status).toBe(200);
    expect(chats.body).toEqual({ created: 2, ignored: 1 });
    expect(await contacts(c.companyId)).toEqual([
      { name: "Dora", number: "222333444@lid" },
      { name: "Bruno", number: "5511911110002" },
      { name: "Carla já", number: "5511911110003" },
    ]);
    const job = await core.api("GET", chats.headers.get("location")!, { token: c.token });
    expect(job.body).toMatchObject({ state: "finished", rowsRead: 3, created: 2, ignored: 1 });
    // A LID chat whose number is learnt stays a chat under the number.
    c.s.emit("lid-mapping.update", { lid: "222333444@lid", pn: "5511911110005@s.whatsapp.net" });
    await waitFor(async () => (await chatRows()).includes("5511911110005"), "the LID's chat under its number");
    // The phone's import takes the rest.
    const all = await core.api("POST", "/contacts/import", { token: c.token, body: { whatsappId: c.whatsappId } });
    expect(all.body).toEqual({ created: 3, ignored: 3 });
    const audit = await core.db.pool.query<{ detail: unknown }>(
      "SELECT detail FROM audit_entries WHERE company_id = $1 AND kind = 'contacts.import' ORDER BY id",
      [c.companyId],
    );
    expect(audit.rows.map((r) => r.detail)).toEqual([
      { source: "chats", whatsappId: c.whatsappId },
      { source: "phone", whatsappId: c.whatsappId },
    ]);
    await c.adapter.stop();
  });

  it("refuses what is not a connected QR connection, a bad body and a second import at once, changing nothing", async () => {
    const c = await connectedCompany();
    await phoneTellsItsContacts(c);
    // The phone's import and the chats' import refuse alike (decision 0120).
    for (const path of ["/contacts/import", "/contacts/import/chats"]) await refusesAlike(c, path);
    await c.adapter.stop();
  });
});

/** Each of the import's refusals on `path`, nothing written; the running import it meets is removed after. */
async function refusesAlike(c: Awaited<ReturnType<typeof connectedCompany>>, path: string) {
  const pool = core.db.pool;
  const call = (body: unknown) => core.api("POST", path, { token: c.token, body });

  const cloud = await buildWhatsapp(pool, { companyId: c.companyId, channel: "whatsappapi", status: "CONNECTED" });
  const wrong = await call({ whatsappId: cloud.id });
  expect([wrong.status, wrong.body.error]).toEqual([409, "ERR_WRONG_STATE"]);

  const down = await buildWhatsapp(pool, { companyId: c.companyId, channel: "whatsapp", status: "DISCONNECTED" });
  const notConnected = await call({ whatsappId: down.id });
  expect([notConnected.status, notConnected.body.error]).toEqual([409, "ERR_WAPP_NOT_INITIALIZED"]);

  for (const body of [{}, { whatsappId: "abc" }, { whatsappId: -1 }]) {
    const bad = await call(body);
    expect([bad.status, bad.body.error]).toEqual([400, "ERR_VALIDATION"]);
  }
  expect((await call({ whatsappId: 2147483000 })).body.error).toBe("ERR_NO_WAPP_FOUND");

  // A spreadsheet import of the company still running: one import at a time.
  const running = (
    await pool.query<{ id: number }>(
      "INSERT INTO contact_imports (company_id, user_id, file_name, state) VALUES ($1, $2, 'planilha.csv', 'running') RETURNING id",
      [c.companyId, c.userId],
    )
  ).rows[0]!;
  const busy = await call({ whatsappId: c.whatsappId });
  expect([busy.status, busy.body.error, busy.body.data?.importId]).toEqual([409, "ERR_IMPORT_IN_PROGRESS", running.id]);

  expect(await contacts(c.companyId)).toEqual([]);
  const jobs = await pool.query("SELECT id FROM contact_imports WHERE company_id = $1", [c.companyId]);
  expect(jobs.rows).toEqual([{ id: running.id }]);
  await pool.query("DELETE FROM contact_imports WHERE company_id = $1 AND id = $2", [c.companyId, running.id]);
}
