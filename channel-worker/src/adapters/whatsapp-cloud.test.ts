import type { SendError } from "@chatflow/core/kernel/send-error.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, startFakeGraphApi } from "../testing/fake-graph-api.ts";
import type { ChannelAdapter, ConnectionStatus, OutboundMessage } from "./adapter.ts";
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
    // Not on WhatsApp (or an app too old): the number's own code (decision 0120).
    [400, 131026, "permanent", "ERR_WAPP_INVALID_CONTACT"],
    // A dead token takes the connection down and the message waits for it (decision 0093).
    [401, 190, "retryable-not-delivered", "ERR_SENDING_WAPP_MSG"],
    [429, 130429, "retryable-not-delivered", "ERR_SENDING_WAPP_MSG"],
    [400, 131056, "retryable-not-delivered", "ERR_SENDING_WAPP_MSG"],
    [500, 131000, "retryable-maybe-delivered", "ERR_SENDING_WAPP_MSG"],
    [503, 131016, "retryable-maybe-delivered", "ERR_SENDING_WAPP_MSG"],
  ])("classifies HTTP %i (code %i) as %s, %s", async (status, code, kind, errorCode) => {
    fake.reply = () => ({ status, body: { error: { message: "refused", code } } });
    const err = await failure(adapter().adapter.send(message));
    expect(err).toMatchObject({ kind, code: errorCode });
  });

  it("names Meta's refusals: outside the 24-hour window (131047) for good, throttled or restricted as a held queue", async () => {
    const answer = (status: number, code: number) => () => ({ status, body: { error: { message: "refused", code } } });
    fake.reply = answer(400, 131047);
    expect(await failure(adapter().adapter.send(message))).toMatchObject({
      kind: "permanent",
      code: "ERR_OUTSIDE_MESSAGING_WINDOW",
      failure: { kind: "window", retry: false, code: 131047, message: "refused" },
    });
    fake.reply = answer(429, 130429);
    expect(await failure(adapter().adapter.send(message))).toMatchObject({ hold: "rate-limited" });
    fake.reply = answer(400, 368);
    expect(await failure(adapter().adapter.send(message))).toMatchObject({
      kind: "retryable-not-delivered",
      hold: "restricted",
    });
  });

  it("classifies a refused connection as not delivered, without calling the connection down for one blip", async () => {
    const closed = await startFakeGraphApi();
    await closed.close();
    const { adapter: a, statuses } = adapter(closed.url);
    await a.start();
    expect(await failure(a.send(message))).toMatchObject({ kind: "retryable-not-delivered" });
    // Down only once unreachable for UNREACHABLE_AFTER_MS (graph-connection-state.test.ts).
    expect(statuses).toEqual([]);
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

  it("sends an approved template as type template, its header and body values as text parameters in order", async () => {
    const dataJson = {
      template: {
        name: "pedido_atualizado",
        language: "pt_BR",
        headerParams: ["#123"],
        bodyParams: ["Maria", "enviado"],
      },
    };
    const sent = await adapter().adapter.send({ ...message, mediaType: "template", body: "Pedido #123 ...", dataJson });
    expect(sent.remoteId).toMatch(/^wamid\.FAKE\d+$/);
    expect(fake.requests[0]!.body).toMatchObject({
      to: message.to,
      type: "template",
      template: {
        name: "pedido_atualizado",
        language: { code: "pt_BR" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "#123" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "enviado" },
            ],
          },
        ],
      },
    });
    expect(fake.requests[0]!.body.text).toBeUndefined();
    // A template without values carries no components; one without a name fails for good, unsent.
    await adapter().adapter.send({
      ...message,
      mediaType: "template",
      dataJson: { template: { name: "oi", language: "pt_BR" } },
    });
    expect(fake.requests[1]!.body.template).toEqual({ name: "oi", language: { code: "pt_BR" } });
    const err = await failure(adapter().adapter.send({ ...message, mediaType: "template", dataJson: null }));
    expect(err).toMatchObject({ kind: "permanent" });
    expect(fake.requests).toHaveLength(2);
  });

  it("fails an image without a stored file for good, without calling the Graph API", async () => {
    const err = await failure(adapter().adapter.send({ ...message, mediaType: "image" }));
    expect(err).toMatchObject({ kind: "permanent", code: "ERR_MEDIA_NOT_FOUND" });
    expect(fake.requests).toHaveLength(0);
  });
});
