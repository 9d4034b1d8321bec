// Message media through the API, against both media stores (decision 0094): the DATA_DIR folder and an S3 bucket
// (s3rver on loopback). Stored, refused, replayed and served (ranges included) alike.
import { get as httpGet } from "node:http";
import { describe, expect, it } from "vitest";
import { buildInbox } from "../testing/messages-factories.ts";
import { MEDIA_STORE_KINDS, mediaStoreSetting, s3ForFile, storedMediaNames } from "../testing/test-s3.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { readStoredBytes } from "./file-store.ts";
import { mediaKey, safeFileName } from "./media-store.ts";
import { mediaStore } from "./store-registry.ts";

const s3 = s3ForFile();

describe.each(MEDIA_STORE_KINDS)("with the %s media store", (kind) => {
  const core = coreForFile(async () => ({ mediaStore: await mediaStoreSetting(kind, s3) }));
  const s = forFile(() => buildInbox(core));
  const other = forFile(() => buildInbox(core));

  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  const PDF = new TextEncoder().encode("%PDF-1.4 fake");

  async function upload(ticketId: number, token: string, form: FormData) {
    const res = await fetch(`${core.url}/messages/${ticketId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  const get = (url: string, token: string) =>
    fetch(`${core.url}${url}`, { headers: { authorization: `Bearer ${token}` } });

  const filesOf = async (companyId: number) => storedMediaNames(await mediaStore(core.config.dataDir), companyId);

  describe("#messages.send with media", () => {
    it("stores each file under the company's folder, one message per file, served back to the company only", async () => {
      const form = new FormData();
      form.append("medias", new Blob([PNG], { type: "image/png" }), "foto praia.png");
      form.append("medias", new Blob([PDF], { type: "application/pdf" }), "orçamento.pdf");
      form.append("body", "a foto");
      form.append("body", "");
      form.append("fromMe", "true");
      form.append("isPrivate", "false");
      const res = await upload(s.ticket.id, s.adminToken, form);
      expect(res.status).toBe(200);
      const [photo, doc] = res.body.messages;
      expect(photo).toMatchObject({ mediaType: "image", body: "a foto" });
      expect(doc).toMatchObject({ mediaType: "application", body: "orçamento.pdf" });
      expect(photo.mediaUrl).toMatch(new RegExp(`^/media/${s.company.id}/[0-9a-f-]{36}-foto_praia\\.png$`));
      expect(doc.mediaUrl).toMatch(/-orcamento\.pdf$/);

      const stored = mediaKey(s.company.id, photo.mediaUrl.split("/").pop());
      expect(new Uint8Array((await readStoredBytes(await mediaStore(core.config.dataDir), stored!))!)).toEqual(PNG);
      const { rows } = await core.db.pool.query("SELECT send_state FROM messages WHERE id = ANY($1::uuid[])", [
        [photo.id, doc.id],
      ]);
      expect(rows.map((r) => r.send_state)).toEqual(["queued", "queued"]);

      const fetched = await get(photo.mediaUrl, s.agentToken);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG);

      // Another company asks for it by its own id or by ours: not found either way.
      expect((await get(photo.mediaUrl, other.adminToken)).status).toBe(404);
      const asOwn = photo.mediaUrl.replace(`/media/${s.company.id}/`, `/media/${other.company.id}/`);
      expect((await get(asOwn, other.adminToken)).status).toBe(404);
      // Without a session there is nothing to see.
      expect((await fetch(`${core.url}${photo.mediaUrl}`)).status).toBe(401);
    });

    it("answers 404 to names that try to leave the company's folder", async () => {
      const base = `/media/${s.company.id}`;
      for (const name of ["..%2F..%2Fjwt-secret", "%2e%2e", ".hidden", "..%5C..%5Cjwt-secret"]) {
        expect((await get(`${base}/${name}`, s.adminToken)).status).toBe(404);
      }
      // A NUL never reaches the route: it is refused at the edge (docs/decisions/0024).
      expect((await get(`${base}/a%00b.png`, s.adminToken)).status).toBe(400);
      expect((await get(`/media/${s.company.id}/../${other.company.id}/x.png`, s.adminToken)).status).toBe(404);
    });

    it("sends a stored file again by its mediaUrl (JSON), for the company's own files only", async () => {
      const form = new FormData();
      form.append("medias", new Blob([PNG], { type: "image/png" }), "again.png");
      form.append("isPrivate", "true");
      const first = await upload(s.ticket.id, s.adminToken, form);
      expect(first.body.messages[0].isPrivate).toBe(true);
      const mediaUrl = first.body.messages[0].mediaUrl;
      const again = await core.api("POST", `/messages/${s.ticket.id}`, {
        token: s.adminToken,
        body: { body: "", mediaUrl },
      });
      expect(again.status).toBe(200);
      expect(again.body.messages[0]).toMatchObject({ mediaUrl, mediaType: "image", isPrivate: false });
      const foreign = await core.api("POST", `/messages/${other.ticket.id}`, {
        token: other.adminToken,
        body: { body: "", mediaUrl },
      });
      expect(foreign.status).toBe(400);
    });

    it("keeps no file when the send is refused (another company's ticket, too many files)", async () => {
      const before = (await filesOf(s.company.id)).length;
      const form = new FormData();
      form.append("medias", new Blob([PNG], { type: "image/png" }), "x.png");
      const refused = await upload(other.ticket.id, s.adminToken, form);
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("ERR_NO_TICKET_FOUND");

      const many = new FormData();
      for (let i = 0; i < 11; i++) many.append("medias", new Blob([PNG], { type: "image/png" }), `${i}.png`);
      const tooMany = await upload(s.ticket.id, s.adminToken, many);
      expect(tooMany.status).toBe(400);
      expect((await filesOf(s.company.id)).length).toBe(before);
      const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [
        other.ticket.id,
      ]);
      expect(rows[0].n).toBe(0);
    });
  });

  describe("#messages.send with media, replayed", () => {
    const form = (id: string | string[], name = "offline.png") => {
      const f = new FormData();
      f.append("medias", new Blob([PNG], { type: "image/png" }), name);
      f.append("body", "tirada offline");
      for (const one of Array.isArray(id) ? id : [id]) f.append("id", one);
      return f;
    };
    const countById = async (id: string) =>
      (await core.db.pool.query("SELECT count(*)::int AS n FROM messages WHERE id = $1", [id])).rows[0].n;

    it("stores one message and one file when the same upload is sent again with its client id", async () => {
      const id = "0190f5a8-1c2b-7d3e-8f40-123456789abc";
      const filesBefore = (await filesOf(s.company.id)).length;
      const first = await upload(s.ticket.id, s.adminToken, form(id));
      expect(first.status).toBe(200);
      expect(first.body.messages).toHaveLength(1);
      expect(first.body.messages[0]).toMatchObject({ id, mediaType: "image", body: "tirada offline" });

      // The answer was lost (crash, reload, dropped connection): the outbox sends the same upload again.
      const again = await upload(s.ticket.id, s.adminToken, form(id, "offline-again.png"));
      expect(again.status).toBe(200);
      expect(again.body.messages[0]).toMatchObject({ id, mediaUrl: first.body.messages[0].mediaUrl });

      expect(await countById(id)).toBe(1);
      expect((await filesOf(s.company.id)).length).toBe(filesBefore + 1);
      const { rows } = await core.db.pool.query(
        "SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND body = 'tirada offline'",
        [s.ticket.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it("wants one id per file, keeps nothing otherwise, and takes another company's id as a new message", async () => {
      const filesBefore = (await filesOf(s.company.id)).length;
      const two = form("0190f5a8-1c2b-7d3e-8f40-00000000aaa1");
      two.append("medias", new Blob([PDF], { type: "application/pdf" }), "b.pdf");
      const mismatch = await upload(s.ticket.id, s.adminToken, two);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.fields).toHaveProperty("id");

      const bad = await upload(s.ticket.id, s.adminToken, form("not-a-uuid"));
      expect(bad.status).toBe(400);
      expect((await filesOf(s.company.id)).length).toBe(filesBefore);

      const id = "0190f5a8-1c2b-7d3e-8f40-00000000aaa2";
      const otherFilesBefore = (await filesOf(other.company.id)).length;
      expect((await upload(s.ticket.id, s.adminToken, form(id))).status).toBe(200);
      // Message ids are per company (decision 0027): the same id elsewhere is that company's own new message.
      const otherCompany = await upload(other.ticket.id, other.adminToken, form(id));
      expect(otherCompany.status).toBe(200);
      expect(otherCompany.body.messages[0]).toMatchObject({ id, ticketId: other.ticket.id });
      expect(await countById(id)).toBe(2);
      expect(await filesOf(other.company.id)).toHaveLength(otherFilesBefore + 1);
    });
  });

  describe("#media.serve", () => {
    // An MP4 by its first bytes (an ftyp box), 300 KB: what a phone's player seeks in.
    const VIDEO = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    VIDEO.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")], 0);
    const sendVideo = async () => {
      const form = new FormData();
      form.append("medias", new Blob([VIDEO], { type: "video/mp4" }), "clip.mp4");
      const res = await upload(s.ticket.id, s.adminToken, form);
      expect(res.status).toBe(200);
      return res.body.messages[0].mediaUrl as string;
    };
    const ask = (url: string, headers: Record<string, string>, method = "GET") =>
      fetch(`${core.url}${url}`, { method, headers: { authorization: `Bearer ${s.agentToken}`, ...headers } });

    it("answers a byte range with 206 and Content-Range, so audio and video seek", async () => {
      const url = await sendVideo();
      const whole = await ask(url, {});
      expect(whole.status).toBe(200);
      expect(whole.headers.get("accept-ranges")).toBe("bytes");
      expect(whole.headers.get("content-length")).toBe(String(VIDEO.length));
      expect(whole.headers.get("content-type")).toBe("video/mp4");
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(VIDEO);

      const part = await ask(url, { range: "bytes=1000-1999" });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${VIDEO.length}`);
      expect(part.headers.get("content-length")).toBe("1000");
      expect(part.headers.get("x-content-type-options")).toBe("nosniff");
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(VIDEO.subarray(1000, 2000));

      const tail = await ask(url, { range: "bytes=-10" });
      expect(tail.status).toBe(206);
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(VIDEO.subarray(VIDEO.length - 10));

      const open = await ask(url, { range: `bytes=${VIDEO.length - 5}-` });
      expect(open.headers.get("content-range")).toBe(`bytes ${VIDEO.length - 5}-${VIDEO.length - 1}/${VIDEO.length}`);
      expect((await open.arrayBuffer()).byteLength).toBe(5);
    });

    it("answers 416 past the end, 304 for the copy the client has, and the whole file when it changed", async () => {
      const url = await sendVideo();
      const past = await ask(url, { range: `bytes=${VIDEO.length}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${VIDEO.length}`);

      const first = await ask(url, {}, "HEAD");
      expect(first.status).toBe(200);
      expect(first.headers.get("content-length")).toBe(String(VIDEO.length));
      expect(await first.text()).toBe("");
      const etag = first.headers.get("etag")!;
      expect(etag).toBeTruthy();
      // Through node:http: fetch adds "Cache-Control: no-cache" to a conditional request, which rightly forbids a 304.
      const revalidated = await new Promise<number>((resolve, reject) => {
        httpGet(
          `${core.url}${url}`,
          { headers: { authorization: `Bearer ${s.agentToken}`, "if-none-match": etag } },
          (r) => {
            r.resume();
            resolve(r.statusCode!);
          },
        ).on("error", reject);
      });
      expect(revalidated).toBe(304);
      const stale = await ask(url, { range: "bytes=0-9", "if-range": '"not-this-one"' });
      expect(stale.status).toBe(200);
      expect((await stale.arrayBuffer()).byteLength).toBe(VIDEO.length);
    });

    it("answers another company's range request with the same 404, and 401 with no session", async () => {
      const url = await sendVideo();
      const foreign = await fetch(`${core.url}${url}`, {
        headers: { authorization: `Bearer ${other.adminToken}`, range: "bytes=0-9" },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get("content-range")).toBeNull();
      expect((await fetch(`${core.url}${url}`, { headers: { range: "bytes=0-9" } })).status).toBe(401);
      const missing = await ask(url.replace(/[0-9a-f]{8}-/, "00000000-"), { range: "bytes=0-9" });
      expect(missing.status).toBe(404);
      // Not kept by the browser: the file may yet be there.
      expect(missing.headers.get("cache-control")).toBeNull();
    });

    it("streams a 20 MB upload into the store (a multipart upload to a bucket) and serves it back", async () => {
      const big = new Uint8Array(20 * 1024 * 1024);
      for (let i = 0; i < big.length; i++) big[i] = (i * 13) % 256;
      big.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom")], 0);
      const form = new FormData();
      form.append("medias", new Blob([big], { type: "video/mp4" }), "long.mp4");
      const res = await upload(s.ticket.id, s.adminToken, form);
      expect(res.status).toBe(200);
      const url = res.body.messages[0].mediaUrl;
      const stat = await (await mediaStore(core.config.dataDir)).stat(mediaKey(s.company.id, url.split("/").pop())!);
      expect(stat?.size).toBe(big.length);
      const back = await ask(url, { range: `bytes=${big.length - 1000}-` });
      expect(new Uint8Array(await back.arrayBuffer())).toEqual(big.subarray(big.length - 1000));
    });
  });
});

describe("safeFileName", () => {
  it("keeps a readable ASCII name and drops every path and control part", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\x\\Relatório Final.pdf")).toBe("Relatorio_Final.pdf");
    expect(safeFileName(".env")).toBe("env");
    expect(safeFileName("\u0000")).toBe("file");
  });
});
