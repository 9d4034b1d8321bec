import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildInbox } from "../testing/messages-factories.ts";
import { MEDIA_STORE_KINDS, mediaStoreSetting, s3ForFile, storedMediaNames } from "../testing/test-s3.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { sniffMedia } from "./media-sniff.ts";
import { companyMediaDir, saveMedia } from "./media-store.ts";
import { mediaStore } from "./store-registry.ts";

const s3 = s3ForFile();

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const HTML = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

describe("media kinds from the bytes", () => {
  it("knows the kinds a message carries and nothing else", () => {
    expect(sniffMedia(PNG)).toEqual({ mime: "image/png", ext: "png" });
    expect(sniffMedia(new TextEncoder().encode("%PDF-1.7"))).toEqual({ mime: "application/pdf", ext: "pdf" });
    expect(sniffMedia(new TextEncoder().encode("nome;numero\nAna;5511"), "csv")).toEqual({
      mime: "text/plain",
      ext: "csv",
    });
    expect(sniffMedia(Uint8Array.from([0x50, 0x4b, 3, 4, 0]), "docx")?.ext).toBe("docx");
    for (const bad of [EXE, HTML, SVG, Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0]), new Uint8Array()]) {
      expect(sniffMedia(bad)).toBeNull();
    }
  });
});

describe.each(MEDIA_STORE_KINDS)("media kinds from the bytes, with the %s media store", (kind) => {
  const core = coreForFile(async () => ({ mediaStore: await mediaStoreSetting(kind, s3) }));
  const s = forFile(() => buildInbox(core));

  async function send(name: string, bytes: Uint8Array<ArrayBuffer>, declared: string) {
    const form = new FormData();
    form.append("medias", new Blob([bytes], { type: declared }), name);
    const res = await fetch(`${core.url}/messages/${s.ticket.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.adminToken}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }
  const files = async () => storedMediaNames(await mediaStore(core.config.dataDir), s.company.id);

  it("refuses a program, an HTML page or an SVG declared as image/png with ERR_VALIDATION, keeping nothing", async () => {
    const before = (await files()).length;
    for (const [name, bytes] of [
      ["photo.png", EXE],
      ["photo.png", HTML],
      ["photo.png", SVG],
    ] as const) {
      const res = await send(name, bytes, "image/png");
      expect(res.status, name).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(res.body.fields).toEqual({ medias: "Tipo de arquivo não permitido" });
    }
    expect((await files()).length).toBe(before);
  });

  it("stores and serves what the bytes are, whatever the name and the declared type say", async () => {
    const res = await send("invoice.pdf", PNG, "application/pdf");
    expect(res.status).toBe(200);
    const [msg] = res.body.messages;
    expect(msg.mediaType).toBe("image");
    expect(msg.mediaUrl).toMatch(/-invoice\.png$/);
    const served = await fetch(`${core.url}${msg.mediaUrl}`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
  });

  it.runIf(kind === "local")("writes media files 0640 in folders 0750, uploads and stored bytes alike", async () => {
    const res = await send("p.png", PNG, "image/png");
    const dir = companyMediaDir(core.config.dataDir, s.company.id);
    const uploaded = path.join(dir, res.body.messages[0].mediaUrl.split("/").pop());
    expect(statSync(uploaded).mode & 0o777).toBe(0o640);
    const saved = await saveMedia(core.config.dataDir, 987_654, "x.png", PNG);
    const savedDir = companyMediaDir(core.config.dataDir, 987_654);
    expect(statSync(path.join(savedDir, saved.fileName)).mode & 0o777).toBe(0o640);
    expect(statSync(savedDir).mode & 0o777).toBe(0o750);
  });
});
