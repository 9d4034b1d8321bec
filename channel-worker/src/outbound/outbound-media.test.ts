// An agent's file on a Cloud API ticket, end to end: core stores it in the media store, the worker reads the same
// file, uploads it and sends it once. Against both stores: with a bucket, the worker has a DATA_DIR of its own (as
// on another machine) and finds the file in the bucket only.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MediaStoreConfig } from "@chatflow/core/kernel/config.ts";
import { mediaKeyOfUrl } from "@chatflow/core/media/media-store.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { MEDIA_STORE_KINDS, mediaStoreSetting, s3ForFile, useBucket } from "@chatflow/core/testing/test-s3.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "../testing/fake-graph-api.ts";
import {
  contactWrote,
  messageState,
  TEST_PNG as PNG,
  setupCloudConnection,
  waitFor,
  workerPerTest,
} from "../testing/outbound-fixtures.ts";

const s3 = s3ForFile();

describe.each(MEDIA_STORE_KINDS)("#outbound.media with the %s media store", (kind) => {
  let setting: MediaStoreConfig;
  const core = coreForFile(async () => {
    setting = await mediaStoreSetting(kind, s3);
    return { mediaStore: setting };
  });
  const fake = fakeGraphApiForFile();
  const worker = workerPerTest();

  /** The local store: core's DATA_DIR is the worker's. A bucket: the worker's own DATA_DIR, its media in the bucket. */
  async function workerDataDir(): Promise<string> {
    if (setting.kind === "local") return core.config.dataDir;
    const dir = await mkdtemp(path.join(tmpdir(), "chatflow-worker-"));
    useBucket(dir, setting);
    return dir;
  }

  const start = async () =>
    worker.start({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, dataDir: await workerDataDir() });

  /** A Cloud API ticket and an agent signed in on its company. */
  async function ticketWithAgent() {
    const c = await setupCloudConnection(core.db.pool);
    await contactWrote(core.db.pool, c);
    const agent = await buildUser(core.db.pool, { companyId: c.companyId, profile: "admin" });
    const { token } = await core.login(agent.email, agent.password);
    return { ...c, token };
  }

  /** POST /messages/{ticketId} as the PWA sends a file; answers the stored message. */
  async function sendFile(
    ticketId: number,
    token: string,
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    caption?: string,
  ) {
    const form = new FormData();
    form.append("medias", new Blob([bytes], { type: "image/png" }), name);
    if (caption !== undefined) form.append("body", caption);
    const res = await fetch(`${core.url}/messages/${ticketId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: { id: string; mediaUrl: string }[] };
    return messages[0]!;
  }

  const sentState = (id: string) => async () => {
    const m = await messageState(core.db.pool, id);
    return m.send_state === "sent" ? m : null;
  };

  it("delivers the very bytes an agent attached, as an image message naming the upload", async () => {
    const t = await ticketWithAgent();
    const stored = await sendFile(t.ticketId, t.token, "comprovante.png", PNG, "Seu comprovante");
    await start();
    const sent = await waitFor(sentState(stored.id), "the image to be sent");

    expect(fake.uploads).toHaveLength(1);
    const upload = fake.uploads[0]!;
    expect(new Uint8Array(upload.bytes)).toEqual(PNG);
    expect(upload).toMatchObject({
      phoneNumberId: t.phoneNumberId,
      authorization: `Bearer ${t.accessToken}`,
      type: "image/png",
      fileName: "comprovante.png",
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: t.contactNumber,
      type: "image",
      image: { id: upload.id, caption: "Seu comprovante" },
      biz_opaque_callback_data: stored.id,
    });
    expect(sent).toMatchObject({ ack: 1, remote_id: "wamid.FAKE1", error_code: null });
  });

  it("retries an upload answered 5xx, sending nothing meanwhile, then sends the message once", async () => {
    const t = await ticketWithAgent();
    let refusals = 2;
    fake.uploadReply = () =>
      refusals-- > 0 ? { status: 503, body: { error: { message: "Service unavailable", code: 2 } } } : undefined;
    const stored = await sendFile(t.ticketId, t.token, "retry.png", PNG);
    await start();
    const sent = await waitFor(sentState(stored.id), "the image to be sent after the upload recovers");

    expect(fake.uploads).toHaveLength(3);
    expect(fake.uploads.map((u) => u.id === null)).toEqual([true, true, false]);
    // Nothing reached the contact before the upload worked, and the message went out once.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({ type: "image", image: { id: fake.uploads[2]!.id } });
    expect(fake.requests[0]!.body.image).not.toHaveProperty("caption");
    expect(sent.send_attempts).toBe(3);
  });

  it("fails a file whose upload keeps failing after 5 tries, so the connection's next message goes out", async () => {
    const t = await ticketWithAgent();
    fake.uploadReply = () => ({ status: 500, body: { error: { message: "An unknown error occurred", code: 1 } } });
    const stuck = await sendFile(t.ticketId, t.token, "grande.png", PNG);
    const next = await t.enqueue("e agora o texto");
    await start();
    await waitFor(sentState(next), "the message behind the failing file");

    expect(await messageState(core.db.pool, stuck.id)).toMatchObject({
      send_state: "failed",
      ack: -1,
      error_code: "ERR_MEDIA_UPLOAD_FAILED",
      remote_id: null,
      send_attempts: 5,
    });
    expect(fake.uploads).toHaveLength(5);
    // The file never reached the contact; the text behind it did, once.
    expect(fake.requests.map((r) => r.body.type)).toEqual(["text"]);
  });

  it("fails a message whose file is gone with ERR_MEDIA_NOT_FOUND, sends nothing for it, and goes on", async () => {
    const t = await ticketWithAgent();
    const gone = await sendFile(t.ticketId, t.token, "apagado.png", PNG);
    await (await mediaStore(core.config.dataDir)).remove(mediaKeyOfUrl(t.companyId, gone.mediaUrl)!);
    const next = await t.enqueue("depois do arquivo");
    await start();
    await waitFor(sentState(next), "the next message");

    expect(await messageState(core.db.pool, gone.id)).toMatchObject({
      send_state: "failed",
      ack: -1,
      error_code: "ERR_MEDIA_NOT_FOUND",
      remote_id: null,
    });
    expect(fake.uploads).toHaveLength(0);
    expect(fake.requests.map((r) => r.body.type)).toEqual(["text"]);
  });
});
