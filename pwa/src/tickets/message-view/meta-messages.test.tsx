// @vitest-environment jsdom
// What Meta's channels add to a message, rendered from the dataJson core's webhooks store (issue 22): the ad card,
// the story link, a channel notice, an unsupported message with its raw type, an order, a failed delivery's reason
// with a retry only where retrying makes sense, and Messenger/Instagram reactions landing on their message.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import { buildMessage } from "../../test-support/factories.ts";
import { type MediaSource, MediaSourceContext } from "./media-source.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import { splitReactions } from "./message-state.ts";

afterEach(() => cleanup());

const source: MediaSource = {
  load: vi.fn(async () => new Blob(["x"])),
  queued: vi.fn(async () => null),
  size: vi.fn(async () => 1),
  transcribe: vi.fn(async () => ""),
};

function show(message: MessageDTO, canRetry = message.ack === -1) {
  return render(
    <MediaSourceContext.Provider value={source}>
      <MessageBubble message={message} queued={false} actions={[]} canRetry={canRetry} onAction={() => {}} />
    </MediaSourceContext.Provider>,
  );
}

describe("#messages Meta's additions", () => {
  it("shows a click-to-WhatsApp ad's headline and body as a card above the customer's words", () => {
    show(
      buildMessage({
        body: "Can I get more info about this?",
        dataJson: {
          type: "text",
          referral: {
            source_url: "https://fb.me/3cr4Wqqkv",
            source_type: "ad",
            headline: "Summer sale",
            body: "Half price",
          },
        },
      }),
    );
    const card = screen.getByTestId("message-referral");
    expect(card.textContent).toContain("Veio de um anúncio");
    expect(card.textContent).toContain("Summer sale");
    expect(card.textContent).toContain("Half price");
    expect(card.querySelector("a")?.getAttribute("href")).toBe("https://fb.me/3cr4Wqqkv");
    expect(card.compareDocumentPosition(screen.getByText("Can I get more info about this?"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("shows Messenger's referral event as the card alone", () => {
    show(
      buildMessage({
        body: "Summer sale",
        mediaType: "referral",
        dataJson: { referral: { source: "ADS", ad_id: "1", ads_context_data: { ad_title: "Summer sale" } } },
      }),
    );
    expect(screen.getByTestId("message-referral").textContent).toContain("Summer sale");
  });

  it("links the Instagram story a message answers or mentions, never showing the story's address as text", () => {
    show(
      buildMessage({
        body: "Que lindo!",
        dataJson: { reply_to: { story: { url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1", id: "1" } } },
      }),
    );
    expect(screen.getByTestId("message-story").textContent).toContain("Respondeu ao seu story");
    expect(screen.getByRole("link", { name: "Ver story" }).getAttribute("href")).toContain("asset_id=1");
    cleanup();
    const url = "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=2";
    show(buildMessage({ body: url, dataJson: { attachment: { type: "story_mention", payload: { url } } } }));
    expect(screen.getByTestId("message-story").textContent).toContain("Mencionou você no story");
    expect(screen.queryByText(url)).toBeNull();
  });

  it("centres a channel notice instead of drawing the customer's bubble", () => {
    show(
      buildMessage({
        mediaType: "system",
        body: "Kerry Fisher changed their phone number to a new number 16505550000",
        dataJson: { system: { type: "user_changed_number" } },
      }),
    );
    expect(screen.getByRole("note").textContent).toContain("changed their phone number");
    expect(screen.queryByTestId("message-bubble")).toBeNull();
  });

  it("tells a Messenger plugin's opt-in as a notice, with the plugin's ref", () => {
    show(
      buildMessage({
        mediaType: "system",
        body: "",
        dataJson: { optin: { ref: "checkout-page", user_ref: "checkout-5f1c2a9e7b3d" } },
      }),
    );
    expect(screen.getByRole("note").textContent).toContain(
      "Aceitou receber mensagens pelo plugin do Messenger no site (checkout-page)",
    );
  });

  it("shows a message the inbox cannot show with its raw type and Meta's reason", () => {
    show(
      buildMessage({
        body: "",
        mediaType: "unsupported",
        dataJson: { rawType: "unknown", errors: [{ code: 131051, title: "Unsupported message type" }] },
      }),
    );
    const box = screen.getByTestId("message-unsupported");
    expect(box.textContent).toContain("Tipo de mensagem não suportado (unknown)");
    expect(box.textContent).toContain("Unsupported message type");
  });

  it("shows an order's lines in an order card", () => {
    show(buildMessage({ mediaType: "orderMessage", body: "2 × sku-123 (49.9 BRL)\nTwo please" }));
    expect(screen.getByTestId("message-order").textContent).toContain("2 × sku-123 (49.9 BRL)");
  });

  it("explains a failed delivery in the agent's words with Meta's own, offering a retry only where it can work", () => {
    const failure = (kind: string, retry: boolean, code: number, title: string) =>
      buildMessage({
        fromMe: true,
        ack: -1,
        errorCode: "ERR_SENDING_WAPP_MSG",
        dataJson: { deliveryFailure: { kind, retry, code, subcode: null, title, message: title, details: "" } },
      });
    show(failure("window", false, 131047, "Re-engagement message"));
    const reason = screen.getByTestId("message-failure-reason");
    expect(reason.textContent).toContain("Envie um modelo (template)");
    expect(reason.textContent).toContain("#131047 · Re-engagement message");
    // Meta's reason replaces our code's general text ("Verifique a página de conexões").
    expect(screen.queryByText(/Verifique a página de conexões/)).toBeNull();
    expect(screen.queryByTestId("message-retry")).toBeNull();
    cleanup();
    show(failure("rate-limit", true, 130429, "Rate limit hit"));
    expect(screen.getByTestId("message-failure-reason").textContent).toContain("Aguarde alguns minutos");
    expect(screen.getByTestId("message-retry")).toBeTruthy();
  });

  it("lands Messenger and Instagram reactions on their message, and their removal takes them off", () => {
    const ours = buildMessage({ fromMe: true, remoteId: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c" });
    const react = buildMessage({
      mediaType: "reactionMessage",
      body: "❤️",
      dataJson: { reaction: { mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c", action: "react", emoji: "❤️" } },
    });
    const unreact = buildMessage({
      mediaType: "reactionMessage",
      body: "",
      dataJson: { reaction: { mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c", action: "unreact" } },
    });
    const on = splitReactions([ours, react]);
    expect(on.shown).toEqual([ours]);
    expect(on.reactions.get(ours.id)?.map((r) => r.emoji)).toEqual(["❤️"]);
    const off = splitReactions([ours, react, unreact]);
    expect(off.shown).toEqual([ours]);
    expect(off.reactions.get(ours.id)).toBeUndefined();
  });
});
