// @vitest-environment jsdom
// Every message kind as a person sees it (spec 1 §2), rendered from mediaType/dataJson as the
// channels store them; user text is never markup; media come through the MediaSource.

import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import { buildMessage } from "../../test-support/factories.ts";
import { toastsAtom } from "../../ui/toasts.ts";
import { type MediaSource, MediaSourceContext } from "./media-source.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import type { MessageAction } from "./message-menu.tsx";

// jsdom has no object URLs: every bubble of this file gets numbered blob: addresses.
let blobs = 0;
URL.createObjectURL = vi.fn(() => `blob:test/${++blobs}`);
URL.revokeObjectURL = vi.fn();
afterEach(() => cleanup());

function source(over: Partial<MediaSource> = {}): MediaSource {
  return {
    load: vi.fn(async () => new Blob(["x"])),
    queued: vi.fn(async () => null),
    size: vi.fn(async () => 2_621_440),
    transcribe: vi.fn(async () => "olá, tudo bem?"),
    ...over,
  };
}

function show(
  message: MessageDTO,
  o: { src?: MediaSource; actions?: MessageAction[]; onAction?: () => void; quoted?: MessageDTO | null } = {},
) {
  return render(
    <MediaSourceContext.Provider value={o.src ?? source()}>
      <MessageBubble
        message={message}
        quoted={o.quoted}
        queued={false}
        actions={o.actions ?? []}
        canRetry={message.ack === -1}
        onAction={o.onAction ?? (() => {})}
      />
    </MediaSourceContext.Provider>,
  );
}

describe("#messages text", () => {
  it("renders formatting as elements and only http(s) links, with rel=noopener", () => {
    const { container } = show(buildMessage({ body: "*Oi* _você_ viu https://exemplo.com/x e javascript:alert(1)?" }));
    expect(container.querySelector("strong")?.textContent).toBe("Oi");
    expect(container.querySelector("em")?.textContent).toBe("você");
    const links = container.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe("https://exemplo.com/x");
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows markup in a message as text: no element, no handler", () => {
    const body = '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">y</a>';
    const { container } = show(buildMessage({ body }));
    const bubble = screen.getByTestId("message-bubble");
    expect(bubble.querySelector("img, script, a")).toBeNull();
    expect(container.textContent).toContain(body);
  });

  it("marks deleted, edited, forwarded messages and private notes", () => {
    show(buildMessage({ fromMe: true, isDeleted: true, body: "segredo" }));
    expect(screen.getByTestId("message-deleted").textContent).toBe("Essa mensagem foi apagada");
    expect(screen.queryByText("segredo")).toBeNull();
    cleanup();
    show(buildMessage({ isDeleted: true }));
    expect(screen.getByTestId("message-deleted").textContent).toMatch(/apagada pelo contato/);
    cleanup();
    show(buildMessage({ isEdited: true, isForwarded: true }));
    expect(screen.getByTestId("message-edited").textContent).toBe("Editada");
    expect(screen.getByTestId("message-forwarded").textContent).toContain("Encaminhada");
    cleanup();
    show(buildMessage({ isPrivate: true, fromMe: true, body: "nota interna" }));
    expect(screen.getByTestId("message-bubble").className).toContain("private-note");
    expect(screen.getByTestId("message-private").textContent).toContain("Nota privada");
  });

  it("shows the quoted message, and pressing it asks to go there", async () => {
    const onAction = vi.fn();
    const quoted = buildMessage({ id: "q1", body: "pergunta original" });
    show(buildMessage({ quotedMsgId: "q1", body: "resposta" }), { quoted, onAction });
    await userEvent.click(screen.getByTestId("message-quote"));
    expect(onAction).toHaveBeenCalledWith("quote", expect.objectContaining({ quotedMsgId: "q1" }));
    expect(screen.getByTestId("message-quote").textContent).toContain("pergunta original");
  });

  it("offers 'Tentar novamente' on a failed message with the reason", async () => {
    const onAction = vi.fn();
    show(buildMessage({ fromMe: true, ack: -1, errorCode: "ERR_SENDING_WAPP_MSG" }), { onAction });
    await userEvent.click(screen.getByTestId("message-retry"));
    expect(onAction).toHaveBeenCalledWith("retry", expect.objectContaining({ ack: -1 }));
    cleanup();
    // A Cloud API send whose outcome is unknown: failed, not resent; the agent is told it may have arrived.
    show(buildMessage({ fromMe: true, ack: -1, errorCode: "ERR_SEND_OUTCOME_UNKNOWN" }), { onAction });
    expect(screen.getByTestId("message-bubble").textContent).toContain("a mensagem pode ter chegado ao contato");
    expect(screen.getByTestId("message-retry")).toBeTruthy();
  });

  it("opens the menu from the keyboard with the actions given", async () => {
    const onAction = vi.fn();
    show(buildMessage({ fromMe: true }), { actions: ["reply", "edit", "delete"], onAction });
    const button = screen.getByRole("button", { name: "Opções da mensagem" });
    act(() => button.focus());
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent),
    ).toEqual(["Responder", "Editar", "Deletar"]);
    await userEvent.keyboard("{ArrowDown}{Enter}");
    expect(onAction).toHaveBeenCalledWith("edit", expect.anything());
  });
});

describe("#messages media", () => {
  it("loads an image through the media source and opens it in a viewer with zoom; Escape closes it", async () => {
    const src = source();
    show(buildMessage({ mediaType: "image", mediaUrl: "/media/1/a.jpg", body: "foto" }), { src });
    const open = await screen.findByTestId("message-image");
    expect(src.load).toHaveBeenCalledWith("/media/1/a.jpg");
    await userEvent.click(open);
    const viewer = await screen.findByTestId("image-viewer");
    expect(within(viewer).getByTestId("image-zoom").textContent).toBe("100%");
    await userEvent.click(within(viewer).getByRole("button", { name: "Aumentar zoom" }));
    expect(within(viewer).getByTestId("image-zoom").textContent).toBe("150%");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByTestId("image-viewer")).toBeNull());
  });

  it("says the channel's download failed for a message kept without its file, and a load failure otherwise", async () => {
    show(
      buildMessage({
        mediaType: "image",
        mediaUrl: null,
        body: "foto",
        dataJson: { media: { error: "410 Gone", code: "ERR_WAPP_DOWNLOAD_MEDIA" } },
      }),
    );
    expect((await screen.findByTestId("media-failed")).textContent).toBe(
      "Não foi possível baixar a mídia. Verifique a página de conexões.",
    );
    cleanup();
    const src = source({ load: vi.fn(async () => Promise.reject(new Error("offline"))) });
    show(buildMessage({ mediaType: "image", mediaUrl: "/media/1/b.jpg", body: "foto" }), { src });
    expect((await screen.findByTestId("media-failed")).textContent).toBe("Não foi possível carregar a mídia");
  });

  it("says a reply went without its quote when the quoted message never reached the channel", () => {
    show(buildMessage({ fromMe: true, body: "ok", dataJson: { quoteNotSent: { code: "ERR_FETCH_WAPP_MSG" } } }));
    expect(screen.getByTestId("message-quote-not-sent").textContent).toBe(
      "Enviada sem a citação: a mensagem citada não chegou ao canal",
    );
    cleanup();
    show(buildMessage({ fromMe: true, body: "ok", dataJson: null }));
    expect(screen.queryByTestId("message-quote-not-sent")).toBeNull();
  });

  it("shows a sticker as a small image without a viewer", async () => {
    show(buildMessage({ mediaType: "image", mediaUrl: "/media/1/s.webp", body: "", dataJson: { type: "sticker" } }));
    const img = await screen.findByRole("img", { name: "Figurinha" });
    expect(img.className).toBe("media-sticker");
    expect(screen.queryByTestId("message-image")).toBeNull();
  });

  it("cycles the audio rate 1 → 1.5 → 2 → 0.5, remembers it, and transcribes on demand", async () => {
    localStorage.removeItem("audioPlaybackRate");
    const src = source();
    show(buildMessage({ id: "au", mediaType: "audio", mediaUrl: "/media/1/v.ogg", body: "" }), { src });
    const audio = (await screen.findByTestId("message-audio")) as HTMLAudioElement;
    const rate = screen.getByTestId("audio-rate");
    expect(rate.textContent).toBe("1x");
    await userEvent.click(rate);
    expect(rate.textContent).toBe("1.5x");
    expect(audio.playbackRate).toBe(1.5);
    await userEvent.click(rate);
    await userEvent.click(rate);
    expect(rate.textContent).toBe("0.5x");
    expect(localStorage.getItem("audioPlaybackRate")).toBe("0.5");
    await userEvent.click(screen.getByTestId("audio-transcribe"));
    expect((await screen.findByTestId("audio-transcript")).textContent).toContain("olá, tudo bem?");
    expect(src.transcribe).toHaveBeenCalledWith("au");
  });

  it("lists a document with its name and size, and downloads it", async () => {
    const src = source();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    show(
      buildMessage({
        mediaType: "application",
        mediaUrl: "/media/1/x.pdf",
        body: "contrato.pdf",
        dataJson: { document: { filename: "contrato.pdf" } },
      }),
      { src },
    );
    const doc = screen.getByTestId("message-document");
    expect(doc.textContent).toContain("contrato.pdf");
    await waitFor(() => expect(doc.textContent).toContain("2,5 MB"));
    await userEvent.click(screen.getByRole("button", { name: "Baixar contrato.pdf" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(src.load).toHaveBeenCalledWith("/media/1/x.pdf");
    click.mockRestore();
  });

  it("says so when the media cannot be loaded", async () => {
    show(buildMessage({ mediaType: "video", mediaUrl: "/media/1/v.mp4" }), {
      src: source({ load: async () => Promise.reject(new Error("offline")) }),
    });
    expect(await screen.findByText("Não foi possível carregar a mídia")).toBeTruthy();
  });
});

describe("#messages structured kinds", () => {
  it("links a location to the map", () => {
    show(
      buildMessage({
        mediaType: "locationMessage",
        body: "Loja\nhttps://maps.google.com/maps?q=-23.5,-46.6",
        dataJson: { location: { latitude: -23.5, longitude: -46.6, name: "Loja", address: "Av. Paulista" } },
      }),
    );
    const card = screen.getByTestId("message-location");
    expect(card.textContent).toContain("Av. Paulista");
    expect(within(card).getByRole("link").getAttribute("href")).toBe("https://maps.google.com/maps?q=-23.5,-46.6");
  });

  it("shows a contact card's name and number from the stored card or the vCard text", () => {
    show(
      buildMessage({ mediaType: "contactMessage", body: "", dataJson: { vCard: { name: "Ana", number: "5511999" } } }),
    );
    expect(screen.getByTestId("message-contact").textContent).toContain("Ana");
    expect(screen.getByTestId("message-contact").textContent).toContain("+5511999");
    cleanup();
    const vcard =
      "BEGIN:VCARD\nVERSION:3.0\nFN:Bia Lima\nTEL;type=CELL;waid=5521988887777:+55 21 98888-7777\nEND:VCARD";
    show(buildMessage({ mediaType: "contactMessage", body: vcard }));
    expect(screen.getByTestId("message-contact").textContent).toContain("Bia Lima");
    expect(screen.getByTestId("message-contact").textContent).toContain("+5521988887777");
  });

  it("shows polls, events ending two hours after they start, lists, interactive buttons, view-once, call logs", async () => {
    show(
      buildMessage({
        mediaType: "pollCreationMessageV3",
        dataJson: {
          pollCreationMessageV3: { name: "Melhor dia?", options: [{ optionName: "Seg" }, { optionName: "Ter" }] },
        },
      }),
    );
    expect(screen.getByTestId("message-poll").textContent).toMatch(/Melhor dia\?.*Seg.*Ter/);
    cleanup();
    // With the votes Baileys' adapter decrypted: each voter's latest choice, counted per option.
    show(
      buildMessage({
        mediaType: "pollCreationMessageV3",
        dataJson: {
          pollCreationMessageV3: {
            name: "Melhor dia?",
            options: [{ optionName: "Seg" }, { optionName: "Ter" }, { optionName: "Qua" }],
          },
          votes: { "5511988887777": ["Ter"], "5511977776666": ["Ter"], me: ["Seg"] },
        },
      }),
    );
    expect(screen.getByTestId("message-poll").textContent).toMatch(/Seg · 1 voto(?!s).*Ter · 2 votos.*Qua · 0 votos/);
    cleanup();
    const start = Date.UTC(2025, 0, 10, 13, 0) / 1000;
    show(
      buildMessage({ mediaType: "eventMessage", dataJson: { eventMessage: { name: "Reunião", startTime: start } } }),
    );
    const end = new Date((start + 7200) * 1000);
    const hhmm = `${String(end.getHours()).padStart(2, "0")}:${String(end.getMinutes()).padStart(2, "0")}`;
    expect(screen.getByTestId("message-event").textContent).toContain(`Termina às ${hhmm}`);
    cleanup();
    show(
      buildMessage({
        mediaType: "listMessage",
        dataJson: {
          type: "list",
          title: "Cardápio",
          text: "Escolha",
          buttonText: "Ver",
          sections: [{ title: "Pratos", rows: [{ title: "Pizza" }] }],
        },
      }),
    );
    expect(screen.getByTestId("message-list-options").textContent).toMatch(/Cardápio.*Escolha.*Pratos.*Pizza.*Ver/);
    cleanup();
    show(
      buildMessage({
        mediaType: "interactiveMessage",
        body: "x",
        dataJson: { type: "call", title: "Ligue", buttonText: "Ligar" },
      }),
    );
    await userEvent.click(screen.getByTestId("message-interactive-button"));
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.text),
    ).toContain("Não é possível realizar chamadas pelo sistema, tente pelo celular.");
    cleanup();
    show(buildMessage({ mediaType: "viewOnceMessage", body: "só uma vez" }));
    expect(screen.getByTestId("message-view-once").textContent).toMatch(/Visualização única.*só uma vez/);
    cleanup();
    show(buildMessage({ mediaType: "call_log", body: "Chamada perdida" }));
    expect(screen.getByTestId("message-call-log").textContent).toMatch(/Chamada de voz.*Chamada perdida/);
    cleanup();
    show(buildMessage({ mediaType: "somethingNew", body: "texto" }));
    expect(screen.getByTestId("message-bubble").textContent).toContain("Tipo de mensagem não suportado (somethingNew)");
  });

  it("copies a code from a copy button, and says when there is none", async () => {
    const write = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText: write }, configurable: true });
    show(
      buildMessage({
        mediaType: "interactiveMessage",
        dataJson: { type: "copy", title: "Cupom", buttonText: "Copiar", copyCode: "ABC123" },
      }),
    );
    fireEvent.click(screen.getByTestId("message-interactive-button"));
    await waitFor(() => expect(write).toHaveBeenCalledWith("ABC123"));
    await waitFor(() =>
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((t) => t.text),
      ).toContain("Código copiado!"),
    );
  });

  it("shows a button message's header image from core's media, or from the outbox while it waits there", async () => {
    const load = vi.fn(async () => new Blob(["png"]));
    show(
      buildMessage({
        mediaType: "interactiveMessage",
        dataJson: { type: "url", title: "Oferta", buttonText: "Abrir", url: "https://e.x", imageUrl: "/media/1/h.png" },
      }),
      { src: source({ load }) },
    );
    await screen.findByTestId("message-interactive-image");
    expect(load).toHaveBeenCalledWith("/media/1/h.png");
    cleanup();

    const queued = vi.fn(async () => new Blob(["png"]));
    const waiting = buildMessage({
      mediaType: "interactiveMessage",
      dataJson: { type: "copy", title: "Cupom", buttonText: "Copiar", copyCode: "A1", imageUrl: null },
    });
    show(waiting, { src: source({ queued }) });
    await screen.findByTestId("message-interactive-image");
    expect(queued).toHaveBeenCalledWith(waiting.id);
    cleanup();

    // None stored, none waiting: no image.
    show(waiting);
    await waitFor(() => expect(screen.getByTestId("message-interactive")).toBeTruthy());
    expect(screen.queryByTestId("message-interactive-image")).toBeNull();
  });
});
