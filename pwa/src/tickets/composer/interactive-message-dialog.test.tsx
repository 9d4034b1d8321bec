// @vitest-environment jsdom
// The interactive-message dialog as an agent uses it: core's validation messages under the fields
// (the spec's pt-BR sentences), the keyboard taken to the first wrong field, a list built with
// sections and options, a PIX request with its phone key given +55, a preview of what goes.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import type { ParsedInteractive } from "../send-interactive.ts";
import { InteractiveMessageDialog } from "./interactive-message-dialog.tsx";

afterEach(() => cleanup());

function open(online = true) {
  const onSend = vi.fn<(m: ParsedInteractive, image: File | null) => Promise<void>>(async () => {});
  const onClose = vi.fn();
  render(<InteractiveMessageDialog online={online} onSend={onSend} onClose={onClose} />);
  return { onSend, onClose, user: userEvent.setup() };
}

async function chooseKind(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole("button", { name: /Tipo/ }));
  await user.click(screen.getByRole("option", { name }));
}

describe("#InteractiveMessageDialog", () => {
  it("refuses a list without title or option with the spec's messages and takes the keyboard there", async () => {
    const { onSend, user } = open();
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Por favor, selecione um título.")).toBeTruthy();
    expect(screen.getByText("Preencha a opção")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: /^Título\s*\*?$/ })));
    expect(onSend).not.toHaveBeenCalled();
  });

  it("sends a list of two sections built with the keyboard, numbered, and previews it", async () => {
    const { onSend, onClose, user } = open();
    await user.type(screen.getByRole("textbox", { name: /^Título\s*\*?$/ }), "Cardápio");
    await user.type(screen.getByRole("textbox", { name: "Texto" }), "Escolha");
    await user.type(screen.getByRole("textbox", { name: "Opção 1" }), "Margherita");
    await user.click(screen.getByRole("button", { name: "Adicionar opção" }));
    await user.type(screen.getByRole("textbox", { name: "Opção 2" }), "Calabresa");
    await user.click(screen.getByRole("button", { name: "Adicionar seção" }));
    const sections = screen.getAllByTestId("interactive-section");
    expect(sections).toHaveLength(2);
    await user.type(within(sections[1]!).getByRole("textbox", { name: "Título da seção 2" }), "Bebidas");
    await user.type(within(sections[1]!).getByRole("textbox", { name: "Opção 1" }), "Suco");

    const preview = screen.getByTestId("interactive-preview");
    expect(preview.textContent).toContain("Cardápio");
    expect(preview.textContent).toContain("Clique aqui");
    expect(preview.textContent).toContain("Calabresa");

    // Enter in a field sends the form.
    await user.type(screen.getByRole("textbox", { name: /^Título\s*\*?$/ }), "{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({
      type: "list",
      request: {
        title: "Cardápio",
        text: "Escolha",
        buttonText: "Clique aqui",
        footer: "",
        sections: [
          {
            title: "",
            rows: [
              { title: "Margherita", rowId: "1" },
              { title: "Calabresa", rowId: "2" },
            ],
          },
          { title: "Bebidas", rows: [{ title: "Suco", rowId: "3" }] },
        ],
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("says 'Nenhum link disponível.' for a link that is not http(s), and 'Nenhum conteúdo para copiar.' for an empty code", async () => {
    const { onSend, user } = open();
    await chooseKind(user, "Botão de link");
    await user.type(screen.getByRole("textbox", { name: /^Link/ }), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Nenhum link disponível.")).toBeTruthy();

    await chooseKind(user, "Copiar código");
    expect(screen.queryByText("Nenhum link disponível.")).toBeNull();
    await user.clear(screen.getByRole("textbox", { name: /^Código a copiar/ }));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Nenhum conteúdo para copiar.")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("sends a PIX request with the phone key given +55, chosen and typed with the keyboard", async () => {
    const { onSend, user } = open(false);
    expect(screen.getByText("Sem conexão: a mensagem será enviada quando a conexão voltar.")).toBeTruthy();
    // The kind select, by keyboard: focus it, open with the arrow, pick PIX (the last) with End and Enter.
    screen.getByRole("button", { name: /Tipo/ }).focus();
    await user.keyboard("{ArrowDown}");
    await user.keyboard("{End}{Enter}");
    await user.type(screen.getByRole("textbox", { name: /^Valor/ }), "0");
    await user.type(screen.getByRole("textbox", { name: /^Chave PIX/ }), "(11) 91234-5678");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Valor inválido")).toBeTruthy();

    await user.clear(screen.getByRole("textbox", { name: /^Valor/ }));
    await user.type(screen.getByRole("textbox", { name: /^Valor/ }), "10,50");
    await user.type(screen.getByRole("textbox", { name: /^Item do pedido/ }), "Pedido 12");
    expect(screen.getByTestId("interactive-preview").textContent).toContain("PHONE: +5511912345678");
    expect(screen.getByTestId("interactive-preview").textContent).toContain("PIX R$ 10,50");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({
      type: "pix",
      request: {
        title: "Pedido 12",
        sendvalue: 10.5,
        sendkey_type: "PHONE",
        sendmerchant_name: "",
        sendKey: "+5511912345678",
      },
    });
  });

  it("stays open with what was typed when the message cannot be written on the device", async () => {
    const onSend = vi.fn(async () => {
      throw new Error("disk full");
    });
    const onClose = vi.fn();
    render(<InteractiveMessageDialog online onSend={onSend} onClose={onClose} />);
    const user = userEvent.setup();
    await chooseKind(user, "Copiar código");
    await user.type(screen.getByRole("textbox", { name: /^Código a copiar/ }), "DESCONTO10");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Enviar" }).hasAttribute("data-pending")).toBe(false),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole("textbox", { name: /^Código a copiar/ }) as HTMLInputElement).value).toBe("DESCONTO10");
  });

  it("takes a header image for a link button, refuses one too large, previews it and sends it with the message", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const { onSend, user } = open(false);
    await chooseKind(user, "Botão de link");
    await user.type(screen.getByTestId("interactive-target"), "https://example.com/oferta");
    const input = () => document.querySelector<HTMLInputElement>("input[type=file]")!;
    await user.upload(input(), new File([new Uint8Array(1024 * 1024 + 1)], "grande.png", { type: "image/png" }));
    expect(screen.getByTestId("interactive-image-error").textContent).toBe("A imagem deve ter até 1 MB.");
    const banner = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "banner.png", { type: "image/png" });
    await user.upload(input(), banner);
    expect(screen.queryByTestId("interactive-image-error")).toBeNull();
    expect(screen.getByTestId("interactive-image-name").textContent).toContain("banner.png");
    expect(screen.getByTestId("interactive-preview-image").getAttribute("src")).toBe("blob:preview");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toMatchObject({
      type: "url",
      request: { copyText: "https://example.com/oferta" },
    });
    expect(onSend.mock.calls[0]![1]).toBe(banner);
  });

  it("sends no image for a list, even after one was chosen for a button", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const { onSend, user } = open();
    await chooseKind(user, "Copiar código");
    await user.upload(
      document.querySelector<HTMLInputElement>("input[type=file]")!,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" }),
    );
    await chooseKind(user, "Lista");
    expect(screen.queryByTestId("interactive-image")).toBeNull();
    await user.type(screen.getByRole("textbox", { name: /^Título\s*\*?$/ }), "Menu");
    await user.type(screen.getByRole("textbox", { name: "Opção 1" }), "Um");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![1]).toBeNull();
  });
});
