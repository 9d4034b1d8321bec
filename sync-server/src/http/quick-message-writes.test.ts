// The REST calls of spec 2 §7 for quick messages, end to end: core answers them from the projection and
// writes through this sync server into the Yjs documents, so co-editors see REST changes live (decision 0048).
import { existsSync } from "node:fs";
import path from "node:path";
import { listQuickMessages, quickMessagesDocumentName } from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "@chatflow/core/testing/for-file.ts";
import { startTestCore } from "@chatflow/core/testing/test-core.ts";
import { describe, expect, it } from "vitest";
import { signedInUser, syncForFile, TEST_SECRET, waitFor } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const core = forFile(
  () => startTestCore({ databaseUrl: sync.db.url, jwtSecret: TEST_SECRET, syncUrl: sync.server.url }),
  { stop: (c) => c.close(), timeout: SET_UP_TIMEOUT_MS },
);
const w = forFile(async () => {
  const companyId = (await buildCompany(sync.db.pool)).id;
  const admin = await signedInUser(sync.db.pool, { companyId, profile: "admin" });
  const ana = await signedInUser(sync.db.pool, { companyId, profile: "user" });
  const bia = await signedInUser(sync.db.pool, { companyId, profile: "user" });
  const otherCompanyId = (await buildCompany(sync.db.pool)).id;
  const outsider = await signedInUser(sync.db.pool, { companyId: otherCompanyId, profile: "admin" });
  return { companyId, admin, ana, bia, outsider };
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const api = (method: string, url: string, token: string, body?: unknown) => core.api(method, url, { token, body });

describe("#quick-messages REST writes land in the co-edited documents", () => {
  it("an admin's general quick message reaches a connected agent's document live, and every list", async () => {
    const viewer = sync.open(quickMessagesDocumentName(w.companyId), w.ana.token);
    await viewer.authenticated;
    const res = await api("POST", "/quick-messages", w.admin.token, {
      shortcode: "preco",
      message: "R$ 10",
      geral: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ shortcode: "preco", message: "R$ 10", geral: true, visao: true, editable: true });
    await waitFor(() => listQuickMessages(viewer.doc).some((i) => i.shortcode === "preco"), "the live edit");
    const seen = await api("GET", `/quick-messages/${res.body.id}`, w.ana.token);
    expect(seen.body).toMatchObject({ shortcode: "preco", editable: false });
    const picker = await api("GET", "/quick-messages/list", w.ana.token);
    expect(picker.body.map((q: { shortcode: string }) => q.shortcode)).toContain("preco");
    // Only admins change the general list (spec 2 §6, decision 0020).
    const refused = await api("PUT", `/quick-messages/${res.body.id}`, w.ana.token, { message: "grátis" });
    expect([refused.status, refused.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const asGeneral = await api("POST", "/quick-messages", w.ana.token, { shortcode: "x", geral: true, visao: true });
    expect([asGeneral.status, asGeneral.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const edited = await api("PUT", `/quick-messages/${res.body.id}`, w.admin.token, { message: "R$ 12" });
    expect(edited.body.message).toBe("R$ 12");
    await waitFor(() => listQuickMessages(viewer.doc).some((i) => i.message === "R$ 12"), "the live update");
    const deleted = await api("DELETE", `/quick-messages/${res.body.id}`, w.admin.token);
    expect(deleted.status).toBe(200);
    await waitFor(() => !listQuickMessages(viewer.doc).some((i) => i.shortcode === "preco"), "the live removal");
    expect((await api("GET", `/quick-messages/${res.body.id}`, w.admin.token)).status).toBe(404);
  });

  it("a personal one is its owner's: hidden from others unless shown (visao), then read-only to them", async () => {
    const hidden = await api("POST", "/quick-messages", w.ana.token, { shortcode: "meu", message: "só meu" });
    expect(hidden.body).toMatchObject({ geral: false, visao: false, editable: true, userId: w.ana.userId });
    expect((await api("GET", `/quick-messages/${hidden.body.id}`, w.bia.token)).status).toBe(404);
    expect((await api("GET", `/quick-messages/${hidden.body.id}`, w.admin.token)).status).toBe(404);

    const shown = await api("PUT", `/quick-messages/${hidden.body.id}`, w.ana.token, { visao: true });
    expect(shown.body.visao).toBe(true);
    const asBia = await api("GET", `/quick-messages/${hidden.body.id}`, w.bia.token);
    expect(asBia.body).toMatchObject({ shortcode: "meu", editable: false });
    for (const [method, url, body] of [
      ["PUT", `/quick-messages/${hidden.body.id}`, { message: "meu agora" }],
      ["DELETE", `/quick-messages/${hidden.body.id}`, undefined],
      ["DELETE", `/quick-messages/${hidden.body.id}/media-upload`, undefined],
    ] as const) {
      for (const token of [w.bia.token, w.admin.token]) {
        const res = await api(method, url, token, body);
        expect([res.status, res.body.error], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
      }
    }
    // The owner's personal document holds it; the picker offers it to the owner only.
    const owner = sync.open(
      quickMessagesDocumentName(w.companyId, { general: false, userId: w.ana.userId }),
      w.ana.token,
    );
    await waitFor(() => listQuickMessages(owner.doc).find((i) => i.shortcode === "meu")?.visao === true, "the item");
    const biaPicker = await api("GET", "/quick-messages/list", w.bia.token);
    expect(biaPicker.body.map((q: { shortcode: string }) => q.shortcode)).not.toContain("meu");
    // Another company sees nothing of it.
    expect((await api("GET", `/quick-messages/${hidden.body.id}`, w.outsider.token)).status).toBe(404);
    expect((await api("PUT", `/quick-messages/${hidden.body.id}`, w.outsider.token, { visao: false })).status).toBe(
      404,
    );
  });

  it("an admin moves their own quick message into the general list and back (geral)", async () => {
    const mine = await api("POST", "/quick-messages", w.admin.token, { shortcode: "mover", message: "m" });
    const moved = await api("PUT", `/quick-messages/${mine.body.id}`, w.admin.token, { geral: true });
    expect(moved.body).toMatchObject({ shortcode: "mover", geral: true, visao: true });
    expect((await api("GET", `/quick-messages/${moved.body.id}`, w.ana.token)).status).toBe(200);
    const back = await api("PUT", `/quick-messages/${moved.body.id}`, w.admin.token, { geral: false, visao: false });
    expect(back.body).toMatchObject({ geral: false, visao: false });
    expect((await api("GET", `/quick-messages/${back.body.id}`, w.ana.token)).status).toBe(404);
  });

  it("uploads media (spaces in the name to underscores), replaces and removes it", async () => {
    const qm = await api("POST", "/quick-messages", w.bia.token, { shortcode: "foto", message: "Nossa loja" });
    const upload = async () => {
      const form = new FormData();
      form.append("typeArch", "quickMessage");
      form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "foto da loja.png");
      return fetch(`${core.url}/quick-messages/${qm.body.id}/media-upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${w.bia.token}` },
        body: form,
      });
    };
    const first = await (await upload()).json();
    expect(first).toMatchObject({ mediaName: "foto_da_loja.png", isMedia: true });
    expect(first.mediaPath).toMatch(new RegExp(`^/media/${w.companyId}/`));
    const fileOf = (p: string) =>
      path.join(core.config.dataDir, "media", `company-${w.companyId}`, p.split("/").pop()!);
    expect(existsSync(fileOf(first.mediaPath))).toBe(true);
    const second = await (await upload()).json();
    expect(existsSync(fileOf(first.mediaPath))).toBe(false);
    const picker = await api("GET", "/quick-messages/list", w.bia.token);
    expect(picker.body.find((q: { shortcode: string }) => q.shortcode === "foto")).toMatchObject({
      mediaPath: second.mediaPath,
      mediaName: "foto_da_loja.png",
    });
    const cleared = await api("DELETE", `/quick-messages/${qm.body.id}/media-upload`, w.bia.token);
    expect(cleared.body).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
    expect(existsSync(fileOf(second.mediaPath))).toBe(false);
  });

  it("lists a page of what the caller may see, searched by shortcode or message (records, hasMore)", async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    const admin = await signedInUser(sync.db.pool, { companyId, profile: "admin" });
    for (let i = 0; i < 22; i++) {
      const res = await api("POST", "/quick-messages", admin.token, {
        shortcode: `atalho${String(i).padStart(2, "0")}`,
        message: i === 5 ? "Promoção de verão" : "texto",
        geral: i % 2 === 0,
      });
      expect(res.status).toBe(200);
    }
    const first = await api("GET", "/quick-messages?pageNumber=1", admin.token);
    expect([first.body.records.length, first.body.hasMore, first.body.count]).toEqual([20, true, 22]);
    expect(first.body.records[0].shortcode).toBe("atalho00");
    const second = await api("GET", "/quick-messages?pageNumber=2", admin.token);
    expect([second.body.records.length, second.body.hasMore]).toEqual([2, false]);
    const found = await api("GET", "/quick-messages?searchParam=VERÃO", admin.token);
    expect(found.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["atalho05"]);
  });

  it("answers the spec's validation text for a missing shortcode", async () => {
    const res = await api("POST", "/quick-messages", w.ana.token, { message: "sem atalho" });
    expect([res.status, res.body.fields]).toEqual([400, { shortcode: "Obrigatório" }]);
  });
});
