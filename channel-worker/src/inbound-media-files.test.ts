// What core's Cloud API webhook leaves in the media store: a contact's media streamed into
// the company's media, and no file kept for a message that was not stored
// (a blocked contact's, a failed ingest's, a download over the size limit). Against both stores.
import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { readStoredBytes } from "@chatflow/core/media/file-store.ts";
import { companyMediaDir, mediaKey, parseMediaUrl } from "@chatflow/core/media/media-store.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { buildCompany, buildContact, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { MEDIA_STORE_KINDS, mediaStoreSetting, s3ForFile, storedMediaNames } from "@chatflow/core/testing/test-s3.ts";
import { coreForFile, forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "./testing/cloud-webhook.ts";

/**
 * A Graph API media stand-in that, unlike the shared fake, can send a body without declaring
 * its size (chunked, no file_size): the case only the download's own byte count can cap.
 */
type Served = { bytes: Buffer } | { zeros: number } | { partial: Buffer; hangUp: Promise<unknown> };
const served = new Map<string, Served>();
const downloaded: string[] = [];
const graph = forFile(
  async () => {
    const server = createServer((req, res) => {
      const [, first, id = ""] = (req.url ?? "").split("?")[0]!.split("/");
      const media = served.get(id);
      if (!media) return void res.writeHead(404, { "content-type": "application/json" }).end("{}");
      if (first !== "download") {
        const body = { url: `${graph.url}/download/${id}`, mime_type: "application/pdf", id };
        return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      }
      downloaded.push(id);
      res.writeHead(200, { "content-type": "application/pdf" });
      if ("partial" in media) {
        // Half a file, then the connection drops.
        res.write(media.partial);
        void media.hangUp.then(() => res.destroy());
      } else void stream(res, "bytes" in media ? media.bytes : media.zeros);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  },
  {
    async stop({ server }) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  },
);

/** Writes `what` in 64 KiB chunks, as fast as the reader takes them, until it hangs up. */
async function stream(res: ServerResponse, what: Buffer | number): Promise<void> {
  const CHUNK = 64 * 1024;
  const total = typeof what === "number" ? what : what.length;
  const zeros = Buffer.alloc(CHUNK);
  for (let at = 0; at < total && !res.destroyed; at += CHUNK) {
    const end = Math.min(total, at + CHUNK);
    const chunk = typeof what === "number" ? zeros.subarray(0, end - at) : what.subarray(at, end);
    if (!res.write(chunk)) await new Promise((r) => res.once("drain", r).once("close", r));
  }
  res.end();
}

const s3 = s3ForFile();

describe.each(MEDIA_STORE_KINDS)("#webhooks.whatsapp media files in the %s media store", (kind) => {
  const core = coreForFile(async () => ({ graphApiUrl: graph.url, mediaStore: await mediaStoreSetting(kind, s3) }));

  const APP_SECRET = "media-files-secret";
  let seq = 0;

  /** A Cloud API connection of a fresh company, so its media folder holds only this test's files. */
  async function cloudConnection() {
    const company = await buildCompany(core.db.pool);
    const phoneNumberId = `77${Date.now() % 1_000_000}${++seq}`;
    await buildWhatsapp(core.db.pool, {
      companyId: company.id,
      phoneNumberId,
      accessToken: `token-${phoneNumberId}`,
      appSecret: APP_SECRET,
    });
    return { companyId: company.id, phoneNumberId };
  }

  const CONTACT = "5511944443333";

  /** Delivers a document message from CONTACT whose media is `media`; answers the webhook's status. */
  async function deliverDocument(phoneNumberId: string, wamid: string, media: Served, caption = "segue") {
    const mediaId = `m${++seq}`;
    served.set(mediaId, media);
    const document = { id: mediaId, mime_type: "application/pdf", filename: "contrato.pdf", caption };
    const payload = cloudDelivery(phoneNumberId, {
      contacts: [{ profile: { name: "Joana" }, wa_id: CONTACT }],
      messages: [{ from: CONTACT, timestamp: "1718000000", id: wamid, type: "document", document }],
    });
    const { status } = await postSigned(core.url, payload, APP_SECRET);
    return { status, mediaId };
  }

  const filesOf = async (companyId: number) => storedMediaNames(await mediaStore(core.config.dataDir), companyId);

  async function storedRows(wamid: string) {
    const { rows } = await core.db.pool.query<{
      media_url: string | null;
      data_json: { media?: { url?: string; error?: string } };
    }>("SELECT media_url, data_json FROM messages WHERE remote_id = $1", [wamid]);
    return rows;
  }

  // A real failure of the ingest transaction for one caption, raised by the database itself.
  forFile(async () => {
    await core.db.pool.query(`
      CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.body = 'recusar' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_for_test BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_for_test();`);
  });

  it("streams a document of several chunks into the company's media, byte for byte", async () => {
    const c = await cloudConnection();
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const { status } = await deliverDocument(c.phoneNumberId, "wamid.BIG1", { bytes });
    expect(status).toBe(200);

    const [row] = await storedRows("wamid.BIG1");
    expect(row!.data_json.media).not.toHaveProperty("error");
    const parsed = parseMediaUrl(row!.media_url!)!;
    const file = (await readStoredBytes(
      await mediaStore(core.config.dataDir),
      mediaKey(parsed.companyId, parsed.fileName)!,
    ))!;
    expect(file.equals(bytes)).toBe(true);
    expect(await filesOf(c.companyId)).toEqual([parsed.fileName]);
  });

  it("stores a download over 100 MB without its file, the reason noted, and leaves no partial file", async () => {
    const c = await cloudConnection();
    const { status, mediaId } = await deliverDocument(c.phoneNumberId, "wamid.HUGE1", {
      zeros: 100 * 1024 * 1024 + 256 * 1024,
    });
    expect(status).toBe(200);

    expect(downloaded).toContain(mediaId);
    const [row] = await storedRows("wamid.HUGE1");
    expect(row!.media_url).toBeNull();
    expect(row!.data_json.media).toMatchObject({ id: mediaId, error: expect.stringContaining("limit") });
    expect(row!.data_json.media).not.toHaveProperty("url");
    expect(await filesOf(c.companyId)).toEqual([]);
  });

  // The folder shows the file growing; a bucket holds the first part (8 MiB) in memory until it is complete.
  it.runIf(kind === "local")(
    "writes a download to disk as it arrives, and removes the partial file when the connection drops",
    async () => {
      const c = await cloudConnection();
      const partial = randomBytes(256 * 1024);
      let resolve!: (v: unknown) => void;
      const hangUp = new Promise((r) => {
        resolve = r;
      });
      const delivered = deliverDocument(c.phoneNumberId, "wamid.CUT1", { partial, hangUp });

      // The first half is on disk while the rest is still awaited: the body is not collected in memory.
      const dir = companyMediaDir(core.config.dataDir, c.companyId);
      const onDisk = async () => {
        for (const name of await filesOf(c.companyId)) {
          if ((await stat(path.join(dir, name))).size === partial.length) return true;
        }
        return false;
      };
      for (let i = 0; !(await onDisk()); i++) {
        if (i > 200) throw new Error("the partial download never reached the disk");
        await new Promise((r) => setTimeout(r, 10));
      }
      resolve(undefined);
      expect((await delivered).status).toBe(200);

      const [row] = await storedRows("wamid.CUT1");
      expect(row!.media_url).toBeNull();
      expect(row!.data_json.media).toHaveProperty("error");
      expect(await filesOf(c.companyId)).toEqual([]);
    },
  );

  it("keeps no file of a blocked contact's media message, which is not stored", async () => {
    const c = await cloudConnection();
    const { id } = await buildContact(core.db.pool, { companyId: c.companyId, number: CONTACT });
    await core.db.pool.query("UPDATE contacts SET active = false WHERE id = $1", [id]);
    const { status, mediaId } = await deliverDocument(c.phoneNumberId, "wamid.BLOCKED1", {
      bytes: Buffer.from("%PDF-1.4 do bloqueado"),
    });
    expect(status).toBe(200);

    expect(downloaded).toContain(mediaId); // it was downloaded, then dropped with its message
    expect(await storedRows("wamid.BLOCKED1")).toEqual([]);
    expect(await filesOf(c.companyId)).toEqual([]);
  });

  it("removes the files of a delivery whose ingest failed, so Meta's redelivery starts clean", async () => {
    const c = await cloudConnection();
    const { status, mediaId } = await deliverDocument(
      c.phoneNumberId,
      "wamid.REFUSED1",
      { bytes: Buffer.from("%PDF-1.4 recusado") },
      "recusar",
    );
    expect(status).toBeGreaterThanOrEqual(500);

    expect(downloaded).toContain(mediaId);
    expect(await storedRows("wamid.REFUSED1")).toEqual([]);
    expect(await filesOf(c.companyId)).toEqual([]);
  });
});
