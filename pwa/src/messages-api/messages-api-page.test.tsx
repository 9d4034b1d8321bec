// @vitest-environment jsdom
// The test forms of /messages-api (spec 3 §5, §7, §8): the required fields and the number rule before anything is
// sent, the call with the connection's token (JSON for text, multipart for media, the body falling back to the
// file's name, a template in the Graph API's shape), 'Mensagem enviada com sucesso' on success and the error's text
// otherwise.
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { MessagesApiPage } from "./messages-api-page.tsx";

const network = mockNetworkForFile();
const url = () => `${window.location.origin}/api/messages/send`;
const answer = { ticket: { id: 1 }, messages: [{ id: "m1" }] };

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
});
afterEach(() => cleanup());

const toastTexts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.text);
const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

describe("#messages-api text form", () => {
  it("requires token, number and body and refuses a masked number, sending nothing", async () => {
    const user = userEvent.setup();
    render(<MessagesApiPage />);
    await user.click(screen.getByTestId("messages-api-text-send"));
    expect(fieldError("messages-api-text-token")).toBe("Required");
    expect(fieldError("messages-api-text-number")).toBe("Required");
    expect(fieldError("messages-api-text-body")).toBe("Required");
    await user.type(screen.getByTestId("messages-api-text-number"), "+55 (11) 99999-0000");
    await user.click(screen.getByTestId("messages-api-text-send"));
    expect(fieldError("messages-api-text-number")).toBe("Informe apenas dígitos: código do país, DDD e número");
  });

  it("sends JSON with the connection's token and says 'Mensagem enviada com sucesso'", async () => {
    const user = userEvent.setup();
    let seen: { auth: string | null; body: unknown } | null = null;
    network.use(
      http.post(url(), async ({ request }) => {
        seen = { auth: request.headers.get("authorization"), body: await request.json() };
        return HttpResponse.json(answer);
      }),
    );
    render(<MessagesApiPage />);
    await user.type(screen.getByTestId("messages-api-text-token"), "AbCdEfGhIjKlMnOpQrStUvWxYz0123");
    await user.type(screen.getByTestId("messages-api-text-number"), "5511999990000");
    await user.type(screen.getByTestId("messages-api-text-body"), "Olá do teste");
    await user.click(screen.getByTestId("messages-api-text-send"));
    await waitFor(() => expect(toastTexts()).toContain("Mensagem enviada com sucesso"));
    expect(seen).toEqual({
      auth: "Bearer AbCdEfGhIjKlMnOpQrStUvWxYz0123",
      body: { number: "5511999990000", body: "Olá do teste" },
    });
  });

  it("shows the error's text when the server refuses the token", async () => {
    const user = userEvent.setup();
    network.use(
      http.post(url(), () =>
        HttpResponse.json({ error: "ERR_INVALID_API_TOKEN", message: "Invalid token" }, { status: 401 }),
      ),
    );
    render(<MessagesApiPage />);
    await user.type(screen.getByTestId("messages-api-text-token"), "wrong");
    await user.type(screen.getByTestId("messages-api-text-number"), "5511999990000");
    await user.type(screen.getByTestId("messages-api-text-body"), "Oi");
    await user.click(screen.getByTestId("messages-api-text-send"));
    await waitFor(() => expect(toastTexts()).toContain("Token da conexão inválido."));
  });
});

describe("#messages-api media form", () => {
  it("requires a file, then sends it as multipart with the file's name as body", async () => {
    const user = userEvent.setup();
    // jsdom's FormData and File do not cross into Node's fetch (msw never sees them): the call is read here.
    const calls: { url: string; auth: string; form: FormData }[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), auth: headers.get("authorization") ?? "", form: init?.body as FormData });
      return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
    });
    try {
      render(<MessagesApiPage />);
      await user.type(screen.getByTestId("messages-api-media-token"), "AbCdEfGhIjKlMnOpQrStUvWxYz0123");
      await user.type(screen.getByTestId("messages-api-media-number"), "5511999990000");
      await user.click(screen.getByTestId("messages-api-media-send"));
      expect(screen.getByTestId("messages-api-media-file-error").textContent).toBe("Required");
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      await user.upload(input, new File(["%PDF-1.4"], "boleto.pdf", { type: "application/pdf" }));
      expect(screen.getByTestId("messages-api-media-file-name").textContent).toBe("boleto.pdf");
      await user.click(screen.getByTestId("messages-api-media-send"));
      await waitFor(() => expect(toastTexts()).toContain("Mensagem enviada com sucesso"));
      expect(calls).toHaveLength(1);
      const [call] = calls;
      expect(call!.url).toBe(url());
      expect(call!.auth).toBe("Bearer AbCdEfGhIjKlMnOpQrStUvWxYz0123");
      expect(call!.form.get("number")).toBe("5511999990000");
      expect(call!.form.get("body")).toBe("boleto.pdf");
      expect((call!.form.get("medias") as File).name).toBe("boleto.pdf");
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe("#messages-api template form", () => {
  it("checks the template's name, language and values as core does, then sends it in the Graph API's shape", async () => {
    const user = userEvent.setup();
    let seen: unknown = null;
    network.use(
      http.post(url(), async ({ request }) => {
        seen = await request.json();
        return HttpResponse.json(answer);
      }),
    );
    render(<MessagesApiPage />);
    // The documentation names the way past the 24-hour window.
    expect(screen.getByTestId("messages-api-window-note").textContent).toContain("ERR_OUTSIDE_MESSAGING_WINDOW");
    expect(JSON.parse(screen.getByTestId("messages-api-template-example").textContent ?? "")).toMatchObject({
      template: { name: "pedido_enviado", language: "pt_BR" },
    });
    await user.type(screen.getByTestId("messages-api-template-token"), "AbCdEfGhIjKlMnOpQrStUvWxYz0123");
    await user.type(screen.getByTestId("messages-api-template-number"), "5511999990000");
    await user.type(screen.getByTestId("messages-api-template-name"), "Pedido Enviado");
    await user.clear(screen.getByTestId("messages-api-template-language"));
    await user.type(screen.getByTestId("messages-api-template-language"), "portuguese");
    await user.type(screen.getByTestId("messages-api-template-values"), "Maria{Enter}a     b");
    await user.click(screen.getByTestId("messages-api-template-send"));
    expect(fieldError("messages-api-template-name")).toBe("Use o nome do modelo: letras minúsculas, números e _");
    expect(fieldError("messages-api-template-language")).toBe("Informe o código do idioma, como pt_BR");
    expect(fieldError("messages-api-template-values")).toBe("Sem tabulações ou mais de quatro espaços seguidos");
    expect(seen).toBeNull();

    await user.clear(screen.getByTestId("messages-api-template-name"));
    await user.type(screen.getByTestId("messages-api-template-name"), "pedido_enviado");
    await user.clear(screen.getByTestId("messages-api-template-language"));
    await user.type(screen.getByTestId("messages-api-template-language"), "pt_BR");
    await user.clear(screen.getByTestId("messages-api-template-values"));
    await user.type(screen.getByTestId("messages-api-template-values"), "Maria{Enter}amanhã");
    await user.click(screen.getByTestId("messages-api-template-send"));
    await waitFor(() => expect(toastTexts()).toContain("Mensagem enviada com sucesso"));
    expect(seen).toEqual({
      number: "5511999990000",
      template: {
        name: "pedido_enviado",
        language: "pt_BR",
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "amanhã" },
            ],
          },
        ],
      },
    });
  });
});

describe("#messages-api offline", () => {
  it("says the forms need a connection and sends nothing", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      render(<MessagesApiPage />);
      expect(screen.getAllByText("Precisa de conexão").length).toBeGreaterThan(0);
      expect(screen.getByTestId("messages-api-text-send").hasAttribute("disabled")).toBe(true);
      expect(screen.getByTestId("messages-api-media-send").hasAttribute("disabled")).toBe(true);
      expect(screen.getByTestId("messages-api-template-send").hasAttribute("disabled")).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });
});
