// The Baileys adapter fed real protobuf messages (issue 22; decision 0093): every message type it handles, built with
// Baileys' own `proto`, encoded and decoded as the socket does, cleaned and emitted by Baileys' own functions
// (testing/baileys-wire.ts), through the adapter's real decode and ingest path into the database; an edit and a revoke
// as Baileys' processMessage turns them into messages.update; a reaction attached to its message; and the stand-in's
// sends answered with ids as Baileys makes them.
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile, tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { generateMessageIDV2 } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { BAILEYS_FIXTURES, editOf, reactionTo, revokeOf } from "../testing/baileys-fixtures.ts";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { deliver, receivedMessage } from "../testing/baileys-wire.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { waitFor } from "../testing/outbound-fixtures.ts";
import { whatsappBaileysAdapter } from "./whatsapp-baileys.ts";

const db = testDbForFile();
const media = tmpDirForFile("baileys-wire-");
const LEASE = { workerId: "w-wire", generation: 1 };
const ME = { id: "5511999990000:3@s.whatsapp.net" };
const CONTACT = "5511988887777@s.whatsapp.net";

async function connected() {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
  await db.pool.query(
    `INSERT INTO connection_leases (whatsapp_id, holder, presence_key, generation, expires_at)
     VALUES ($1, $2, 1, $3, now() + interval '1 hour')`,
    [wa.id, LEASE.workerId, LEASE.generation],
  );
  const owner = { companyId: company.id, whatsappId: wa.id };
  const sockets = standInSockets();
  const batcher = new IngestBatcher(db.pool);
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
    {
      pool: db.pool,
      lease: LEASE,
      dataDir: media.path,
      makeSocket: sockets.factory,
      // The network's edge: the file's bytes as WhatsApp's media server would give them once decrypted.
      download: async () => Buffer.from("media bytes"),
      backoff: { minMs: 20, maxMs: 40 },
      random: () => 0.5,
      log: () => {},
    },
  );
  await adapter.request!("start");
  const s = await openStandInConnection(db.pool, sockets, owner, { user: ME.id });
  return { ...owner, adapter, s };
}

type Stored = {
  body: string;
  media_type: string;
  media_url: string | null;
  data_json: Record<string, unknown> | null;
  from_me: boolean;
  is_edited: boolean;
  is_deleted: boolean;
};
const stored = (companyId: number, remoteId: string) =>
  waitFor(async () => {
    const { rows } = await db.pool.query<Stored>(
      `SELECT body, media_type, media_url, data_json, from_me, is_edited, is_deleted FROM messages
       WHERE company_id = $1 AND remote_id = $2`,
      [companyId, remoteId],
    );
    return rows[0];
  }, `message ${remoteId}`);

describe("#baileys wire", () => {
  it("stores every message type the adapter handles, from real protobuf, as the inbox shows it", async () => {
    const c = await connected();
    for (const f of BAILEYS_FIXTURES) {
      const msg = receivedMessage({ remoteJid: CONTACT, pushName: "Carla", content: f.content }, ME);
      expect(msg.key.id, f.name).toMatch(/^3EB0[0-9A-F]{18}$/);
      await deliver(c.s.ev, msg, ME);
      const row = await stored(c.companyId, msg.key.id!);
      expect(row.media_type, f.name).toBe(f.expect.mediaType);
      if (typeof f.expect.body === "string") expect(row.body, f.name).toBe(f.expect.body);
      if (f.expect.body instanceof RegExp) expect(row.body, f.name).toMatch(f.expect.body);
      if (f.expect.dataJson) expect(row.data_json, f.name).toMatchObject(f.expect.dataJson);
      if (f.expect.hasMedia) expect(row.media_url, f.name).toMatch(new RegExp(`^/media/${c.companyId}/`));
      expect(row.from_me, f.name).toBe(false);
    }
    await c.adapter.stop();
  });

  it("a message the agent sent from the phone arrives fromMe; an edit and a revoke arrive as Baileys' processMessage emits them", async () => {
    const c = await connected();
    const first = receivedMessage({ remoteJid: CONTACT, pushName: "Carla", content: { conversation: "Olá" } }, ME);
    await deliver(c.s.ev, first, ME);
    await stored(c.companyId, first.key.id!);

    const fromPhone = receivedMessage({ remoteJid: CONTACT, fromMe: true, content: { conversation: "Oi Carla" } }, ME);
    await deliver(c.s.ev, fromPhone, ME);
    expect(await stored(c.companyId, fromPhone.key.id!)).toMatchObject({ from_me: true, body: "Oi Carla" });

    // The contact edits their message, then deletes it for everyone.
    const edit = receivedMessage(
      { remoteJid: CONTACT, content: editOf(CONTACT, first.key.id!, false, "Olá, boa tarde") },
      ME,
    );
    await deliver(c.s.ev, edit, ME);
    await waitFor(async () => (await stored(c.companyId, first.key.id!)).is_edited, "the edit");
    expect((await stored(c.companyId, first.key.id!)).body).toBe("Olá, boa tarde");
    const revoke = receivedMessage({ remoteJid: CONTACT, content: revokeOf(CONTACT, first.key.id!, false) }, ME);
    await deliver(c.s.ev, revoke, ME);
    await waitFor(async () => (await stored(c.companyId, first.key.id!)).is_deleted, "the revoke");
    // Neither protocol message is a message of its own.
    const { rows } = await db.pool.query("SELECT 1 FROM messages WHERE company_id = $1 AND remote_id = ANY($2)", [
      c.companyId,
      [edit.key.id, revoke.key.id],
    ]);
    expect(rows).toEqual([]);

    // A reaction names the message it reacts to.
    const reaction = receivedMessage({ remoteJid: CONTACT, content: reactionTo(CONTACT, fromPhone.key.id!, true) }, ME);
    await deliver(c.s.ev, reaction, ME);
    expect(await stored(c.companyId, reaction.key.id!)).toMatchObject({
      media_type: "reactionMessage",
      body: "👍",
      data_json: { reactionTo: fromPhone.key.id },
    });
    await c.adapter.stop();
  });

  it("the stand-in answers a send with an id as Baileys makes it, and echoes it as Baileys does with emitOwnEvents", async () => {
    const c = await connected();
    c.s.emitOwnEvents = true;
    const echoes: unknown[] = [];
    c.s.ev.on("messages.upsert", (u) => echoes.push(u));
    const sent = await c.s.sendMessage(CONTACT, { text: "Sem id escolhido" });
    expect(sent?.key).toMatchObject({
      remoteJid: CONTACT,
      fromMe: true,
      id: expect.stringMatching(/^3EB0[0-9A-F]{18}$/),
    });
    expect(sent?.message?.extendedTextMessage?.text ?? sent?.message?.conversation).toBe("Sem id escolhido");
    await waitFor(() => echoes.length > 0, "the echo");
    expect(echoes[0]).toMatchObject({ type: "append", messages: [{ key: { id: sent?.key.id, fromMe: true } }] });
    // The same shape Baileys' own generator makes.
    expect(generateMessageIDV2(ME.id)).toMatch(/^3EB0[0-9A-F]{18}$/);
    await c.adapter.stop();
  });
});
