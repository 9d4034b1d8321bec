import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, startFakeGraphApi } from "../testing/fake-graph-api.ts";
import type { ChannelAdapter, ConnectionStatus, OutboundMessage, SendError } from "./adapter.ts";
import { whatsappCloudAdapter } from "./whatsapp-cloud.ts";

const fake = fakeGraphApiForFile();

const message: OutboundMessage = {
  id: "0190d7a0-0000-7000-8000-000000000001",
  companyId: 1,
  ticketId: 1,
  to: "5511999990000",
  body: "Oi",
  mediaType: "chat",
  mediaUrl: null,
  dataJson: null,
  quotedRemoteId: null,
};

function adapter(url = fake.url, timeoutMs = 2000): { adapter: ChannelAdapter; statuses: ConnectionStatus[] } {
  const statuses: ConnectionStatus[] = [];
  const a = whatsappCloudAdapter(
    {
      id: 7,
      companyId: 1,
      name: "Cloud",
      channel: "whatsappapi",
      phoneNumberId: "1234",
      accessToken: "tok",
      token: null,
    },
    { onInbound: async () => {}, onStatus: (s) => statuses.push(s) },
    { url, version: "v21.0", timeoutMs },
  );
  return { adapter: a, statuses };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: SendError) => e,
  );

describe("#whatsapp-cloud.send", () => {
  it("answers the wamid, and replies quote the original", async () => {
    const { adapter: a } = adapter();
    await a.start();
    expect(await a.send({ ...message, quotedRemoteId: "wamid.ORIGINAL" })).toEqual({ remoteId: "wamid.FAKE1" });
    expect(fake.requests[0]!.body).toMatchObject({ to: message.to, context: { message_id: "wamid.ORIGINAL" } });
  });

  it.each([
    [400, 131026, "permanent"],
    [401, 190, "permanent"],
    [429, 130429, "retryable-not-delivered"],
    [400, 131056, "retryable-not-delivered"],
    [500, 131000, "retryable-maybe-delivered"],
    [503, 131016, "retryable-maybe-delivered"],
  ])("classifies HTTP %i (code %i) as %s", async (status, code, kind) => {
    fake.reply = () => ({ status, body: { error: { message: "refused", code } } });
    const err = await failure(adapter().adapter.send(message));
    expect(err).toMatchObject({ kind, code: "ERR_SENDING_WAPP_MSG" });
  });

  it("classifies a refused connection as not delivered and reports the connection down", async () => {
    const closed = await startFakeGraphApi();
    await closed.close();
    const { adapter: a, statuses } = adapter(closed.url);
    await a.start();
    expect(await failure(a.send(message))).toMatchObject({ kind: "retryable-not-delivered" });
    expect(a.status()).toBe("DISCONNECTED");
    expect(statuses).toEqual(["CONNECTED", "DISCONNECTED"]);
  });

  it("classifies a timeout after the request went out as maybe delivered", async () => {
    fake.reply = () => ({ delayMs: 500 });
    const err = await failure(adapter(fake.url, 100).adapter.send(message));
    expect(err).toMatchObject({ kind: "retryable-maybe-delivered" });
    expect(fake.requests).toHaveLength(1);
  });

  it("classifies a dropped connection mid-request as maybe delivered", async () => {
    const dropping = await startFakeGraphApi();
    dropping.reply = () => {
      void dropping.close();
      return { delayMs: 1000 };
    };
    const err = await failure(adapter(dropping.url).adapter.send(message));
    expect(err).toMatchObject({ kind: "retryable-maybe-delivered" });
    expect(dropping.requests).toHaveLength(1);
  });

  it("fails an image without a stored file for good, without calling the Graph API", async () => {
    const err = await failure(adapter().adapter.send({ ...message, mediaType: "image" }));
    expect(err).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_NOT_FOUND" });
    expect(fake.requests).toHaveLength(0);
  });
});
