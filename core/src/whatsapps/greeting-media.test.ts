// A connection's greeting media (spec 2 §3 greetingMediaAttachment, §7 POST/DELETE /whatsapp/{id}/media-upload;
// issue 26, decision 0107): uploaded, replaced and removed through the media store, kind told by the bytes,
// scoped to the company, and sent by the queue bot just before the connection's greeting.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildBotConnection, contactWrites, newNumber } from "../testing/bot-factories.ts";
import { buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const world = await twoCompanies(core);
  const wa = await buildWhatsapp(world.pool, { companyId: world.companyId });
  return { ...world, whatsappId: wa.id };
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const upload = (token: string, id: number, bytes: Buffer = PNG, name = "boas-vindas.png") => {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return fetch(`${core.url}/whatsapp/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
};
const fileOf = (companyId: number, url: string) =>
  path.join(core.config.dataDir, "media", `company-${companyId}`, url.split("/").pop()!);

describe("#whatsapp.media-upload", () => {
  it("sets the greeting media, shows it on the connection, replaces it and removes it with its file", async () => {
    const res = await upload(w.admin, w.whatsappId);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first).toMatchObject({ id: w.whatsappId, greetingMediaName: "boas-vindas.png" });
    expect(first.greetingMediaAttachment).toMatch(new RegExp(`^/media/${w.companyId}/.+\\.png$`));
    expect(existsSync(fileOf(w.companyId, first.greetingMediaAttachment))).toBe(true);
    const shown = await core.api("GET", `/whatsapp/${w.whatsappId}`, { token: w.admin });
    expect(shown.body.greetingMediaAttachment).toBe(first.greetingMediaAttachment);

    const second = await (await upload(w.admin, w.whatsappId, PNG, "novo.png")).json();
    expect(second.greetingMediaAttachment).not.toBe(first.greetingMediaAttachment);
    expect(existsSync(fileOf(w.companyId, first.greetingMediaAttachment))).toBe(false);

    const removed = await core.api("DELETE", `/whatsapp/${w.whatsappId}/media-upload`, { token: w.admin });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });
    expect(existsSync(fileOf(w.companyId, second.greetingMediaAttachment))).toBe(false);
  });

  it("refuses a file that is no media, an agent, and another company's admin (404), keeping no file", async () => {
    const text = await upload(w.admin, w.whatsappId, Buffer.from("só um texto qualquer"), "nota.png");
    expect([text.status, (await text.json()).error]).toEqual([400, "ERR_VALIDATION"]);
    const agent = await upload(w.agent, w.whatsappId);
    expect([agent.status, (await agent.json()).error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const other = await upload(w.otherAdmin, w.whatsappId);
    expect([other.status, (await other.json()).error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
    const otherDelete = await core.api("DELETE", `/whatsapp/${w.whatsappId}/media-upload`, { token: w.otherAdmin });
    expect([otherDelete.status, otherDelete.body.error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
    const { readdir } = await import("node:fs/promises");
    const dir = path.join(core.config.dataDir, "media", `company-${w.otherCompanyId}`);
    expect(existsSync(dir) ? await readdir(dir) : []).toEqual([]);
    const shown = await core.api("GET", `/whatsapp/${w.whatsappId}`, { token: w.admin });
    expect(shown.body.greetingMediaAttachment).toBeNull();
  });

  it("the super user sets another company's greeting media from /allConnections, in that company's store", async () => {
    const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
    const res = await upload(superToken, w.whatsappId, PNG, "do-super.png");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.greetingMediaAttachment).toMatch(new RegExp(`^/media/${w.companyId}/`));
    expect(existsSync(fileOf(w.companyId, body.greetingMediaAttachment))).toBe(true);
    const removed = await core.api("DELETE", `/whatsapp/${w.whatsappId}/media-upload`, { token: superToken });
    expect(removed.body.greetingMediaAttachment).toBeNull();
    expect(existsSync(fileOf(w.companyId, body.greetingMediaAttachment))).toBe(false);
  });

  it("the queue bot sends the greeting media just before the connection's greeting and menu, once", async () => {
    const wa = await buildBotConnection(core.db.pool, {
      companyId: w.companyId,
      greetingMessage: "Olá! Escolha um setor:",
      queues: [{ name: "Vendas" }, { name: "Suporte" }],
    });
    const admin = await buildUser(core.db.pool, { companyId: w.companyId, profile: "admin" });
    const token = (await core.login(admin.email, admin.password)).token;
    const uploaded = await upload(token, wa.whatsappId);
    const media = await uploaded.json();
    expect(uploaded.status, JSON.stringify(media)).toBe(200);
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "oi" });
    const sent = async () =>
      (
        await core.db.pool.query<{ body: string; media_type: string; media_url: string | null }>(
          "SELECT body, media_type, media_url FROM messages WHERE ticket_id = $1 AND from_me ORDER BY id",
          [ticketId],
        )
      ).rows;
    const first = await sent();
    expect(first.map((m) => [m.media_type, m.media_url])).toEqual([
      ["image", media.greetingMediaAttachment],
      ["chat", null],
    ]);
    expect(first[1]!.body).toMatch(/^Olá! Escolha um setor:\n\n/);
    // An answer that picks no queue gets the menu again, without the media.
    await contactWrites(core.db.pool, { ...wa, from, body: "hein?" });
    expect((await sent()).filter((m) => m.media_url !== null)).toHaveLength(1);
  });
});
