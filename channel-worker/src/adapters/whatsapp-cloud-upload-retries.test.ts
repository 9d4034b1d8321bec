// How long the Cloud API adapter keeps a media message waiting on a failing
// upload: retried while the failure may pass, given up after a bounded number
// of tries so the messages behind it are not held forever.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { SendError } from "@chatflow/core/kernel/send-error.ts";
import { saveMedia } from "@chatflow/core/media/media-store.ts";
import { tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, type GraphReply } from "../testing/fake-graph-api.ts";
import type { OutboundMessage } from "./adapter.ts";
import { whatsappCloudAdapter } from "./whatsapp-cloud.ts";

const COMPANY = 4;
const ATTEMPTS = 3;
const fake = fakeGraphApiForFile();
const media = tmpDirForFile("chatflow-upload-retries-");

function adapter(url = fake.url) {
  return whatsappCloudAdapter(
    {
      id: 11,
      companyId: COMPANY,
      name: "Cloud",
      channel: "whatsappapi",
      phoneNumberId: "5550002",
      accessToken: "retry-token",
      token: null,
    },
    { onInbound: async () => {}, onStatus: () => {} },
    { url, version: "v21.0", timeoutMs: 2000, uploadTimeoutMs: 200, uploadAttempts: ATTEMPTS },
    { dataDir: media.path },
  );
}

let n = 0;
async function imageMessage(attempt: number, o: Partial<OutboundMessage> = {}): Promise<OutboundMessage> {
  const { url } = await saveMedia(media.path, COMPANY, "foto.png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, ++n]));
  return {
    id: `0190d7a0-0000-7000-8000-${String(n).padStart(12, "0")}`,
    companyId: COMPANY,
    ticketId: 1,
    to: "5511999990000",
    body: "",
    mediaType: "image",
    mediaUrl: url,
    dataJson: null,
    quotedRemoteId: null,
    attempt,
    ...o,
  };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: SendError) => e,
  );

const FAILING_UPLOADS: [string, GraphReply][] = [
  ["answered 5xx", { status: 502, body: { error: { message: "Bad gateway", code: 1 } } }],
  ["answered without an id", { status: 200, body: { ok: true } }],
  ["slower than the upload timeout", { delayMs: 1000 }],
];

describe("#whatsapp-cloud.upload-retries", () => {
  it.each(FAILING_UPLOADS)("keeps a file whose upload is %s waiting before its last try", async (_what, reply) => {
    fake.uploadReply = () => reply;
    for (let attempt = 1; attempt < ATTEMPTS; attempt++) {
      const err = await failure(adapter().send(await imageMessage(attempt)));
      expect(err).toMatchObject({ kind: "retryable-not-delivered" });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it.each(FAILING_UPLOADS)(
    "fails a file whose upload is %s on its last try, for good and sending nothing",
    async (_what, reply) => {
      fake.uploadReply = () => reply;
      const err = await failure(adapter().send(await imageMessage(ATTEMPTS)));
      expect(err).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_UPLOAD_FAILED" });
      expect(fake.uploads).toHaveLength(1);
      expect(fake.requests).toHaveLength(0);
    },
  );

  it("never gives a file up while the Graph API throttles: every message of the connection waits alike", async () => {
    fake.uploadReply = () => ({ status: 429, body: { error: { message: "Too many calls", code: 130429 } } });
    const err = await failure(adapter().send(await imageMessage(ATTEMPTS * 10)));
    expect(err).toMatchObject({ kind: "retryable-not-delivered" });
  });

  it("never gives a file up while the Graph API refuses connections", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(adapter(`http://127.0.0.1:${port}`).send(await imageMessage(ATTEMPTS * 10)));
    expect(err).toMatchObject({ kind: "retryable-not-delivered" });
  });

  it("sends a URL button without its header image once the header's upload has failed on the last try", async () => {
    fake.uploadReply = () => ({ status: 503, body: { error: { message: "Service unavailable", code: 2 } } });
    const header = await imageMessage(ATTEMPTS);
    const sent = await adapter().send({
      ...header,
      mediaType: "interactiveMessage",
      mediaUrl: null,
      body: "Seu pedido",
      dataJson: { type: "url", buttonText: "Rastrear", url: "https://example.com/p/1", imageUrl: header.mediaUrl },
    });
    expect(sent.remoteId).toMatch(/^wamid\./);
    expect(fake.uploads).toHaveLength(1);
    expect(fake.requests[0]!.body.interactive).not.toHaveProperty("header");
    expect(fake.requests[0]!.body).toMatchObject({ interactive: { type: "cta_url", body: { text: "Seu pedido" } } });
  });

  it("retries a header image's upload before its last try rather than sending without it", async () => {
    fake.uploadReply = () => ({ status: 503, body: { error: { message: "Service unavailable", code: 2 } } });
    const header = await imageMessage(1);
    const err = await failure(
      adapter().send({
        ...header,
        mediaType: "interactiveMessage",
        mediaUrl: null,
        body: "Seu pedido",
        dataJson: { type: "url", buttonText: "Rastrear", url: "https://example.com/p/1", imageUrl: header.mediaUrl },
      }),
    );
    expect(err).toMatchObject({ kind: "retryable-not-delivered" });
    expect(fake.requests).toHaveLength(0);
  });
});
