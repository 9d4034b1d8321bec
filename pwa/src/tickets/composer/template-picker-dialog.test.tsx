// @vitest-environment jsdom
// The Cloud API template picker as an agent uses it (decision 0053): the connection's templates from core (kept
// for offline), a template chosen by keyboard, its variables filled and checked as core checks them, the preview
// filled in; the send writes the message and a sendTemplate mutation on the device. The window foreseen from the
// replica: closed on a Cloud API ticket whose contact has not written in 24 h, never bound on Baileys.
import "fake-indexeddb/auto";
import type { MessageTemplate } from "@chatflow/core/contract/message-templates.ts";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import { db as appDb } from "../../app-db.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { buildMessage, buildTicket, testDb } from "../../test-support/factories.ts";
import { BASE_URL, testApi } from "../../test-support/fake-core.ts";
import { mockNetworkForFile } from "../../test-support/mock-network.ts";
import { readWindow } from "../customer-window.ts";
import { sendTemplate } from "../send-template.ts";
import { TemplatePickerDialog, templatesCacheKey } from "./template-picker-dialog.tsx";
import { WindowNotice } from "./window-notice.tsx";

const server = mockNetworkForFile();
let db: ChatflowDb;

const ORDER: MessageTemplate = {
  name: "pedido_atualizado",
  language: "pt_BR",
  category: "UTILITY",
  header: { format: "TEXT", text: "Pedido {{1}}" },
  body: "Olá {{1}}, seu pedido foi {{2}}.",
  footer: "Loja Exemplo",
  buttons: ["Falar com atendente"],
  headerVariables: 1,
  bodyVariables: 2,
  sendable: true,
};
const IMAGE: MessageTemplate = {
  ...ORDER,
  name: "catalogo",
  header: { format: "IMAGE" },
  headerVariables: 0,
  bodyVariables: 0,
  sendable: false,
};

beforeEach(() => {
  db = testDb();
});
afterEach(() => cleanup());

function open(online: boolean) {
  const onSend = vi.fn(async () => {});
  const onClose = vi.fn();
  render(
    <TemplatePickerDialog db={db} api={testApi()} online={online} whatsappId={7} onSend={onSend} onClose={onClose} />,
  );
  return { onSend, onClose };
}

describe("#TemplatePickerDialog", () => {
  it("lists core's templates, fills the variables by keyboard, checks them as core does, previews and sends", async () => {
    server.use(http.get(`${BASE_URL}/whatsapp/7/templates`, () => HttpResponse.json({ templates: [ORDER, IMAGE] })));
    const user = userEvent.setup();
    const { onSend, onClose } = open(true);
    const select = await screen.findByRole("button", { name: /Modelo/ });
    act(() => select.focus());
    await user.keyboard("{Enter}");
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "pedido_atualizado (pt_BR)",
      "catalogo (pt_BR) — não pode ser enviado por aqui",
    ]);
    expect(options[1]!.getAttribute("aria-disabled")).toBe("true");
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("template-preview").textContent).toBe(
      "*Pedido {{1}}*\n\nOlá {{1}}, seu pedido foi {{2}}.\n\nLoja Exemplo",
    );

    // Empty variables and one with a line break are refused before anything is written.
    await user.type(screen.getByRole("textbox", { name: "Cabeçalho: variável 1" }), "#123");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findAllByText("Preencha a variável")).toHaveLength(2);
    expect(onSend).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Variável 1" }), "Maria");
    await user.type(screen.getByRole("textbox", { name: "Variável 2" }), "enviado");
    expect(screen.getByTestId("template-preview").textContent).toBe(
      "*Pedido #123*\n\nOlá Maria, seu pedido foi enviado.\n\nLoja Exemplo",
    );
    await user.keyboard("{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalledWith(ORDER, ["#123"], ["Maria", "enviado"]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Kept for the next time the device is offline.
    expect((await db.cache.get(templatesCacheKey(7)))?.value).toEqual({ templates: [ORDER, IMAGE] });
  });

  it("offline, offers the templates kept on the device and says the send waits for the network", async () => {
    await db.cache.put({
      key: templatesCacheKey(7),
      value: { templates: [ORDER] },
      fetchedAt: new Date().toISOString(),
    });
    open(false);
    expect((await screen.findByTestId("template-status")).textContent).toBe(
      "Sem conexão: modelos guardados neste aparelho; o envio sai quando a conexão voltar.",
    );
    expect(screen.getByRole("button", { name: /Modelo/ })).toBeTruthy();
  });

  it("says why when core cannot list them", async () => {
    server.use(
      http.get(`${BASE_URL}/whatsapp/7/templates`, () =>
        HttpResponse.json({ error: "ERR_GRAPH_API_UNAVAILABLE", message: "down" }, { status: 502 }),
      ),
    );
    open(true);
    expect((await screen.findByTestId("template-status")).textContent).toContain(
      "Não foi possível carregar os modelos",
    );
  });
});

describe("#sendTemplate", () => {
  it("writes the filled-in message (ack 0) and its sendTemplate mutation together", async () => {
    const ticket = buildTicket({ id: 5, channel: "whatsappapi", whatsappId: 7, lastMessage: "Cadê meu pedido?" });
    await db.tickets.put(ticket);
    const message = await sendTemplate(db, {
      ticket,
      template: ORDER,
      headerParams: ["#123"],
      bodyParams: [" Maria ", "enviado"],
      userId: 3,
    });
    expect(message).toMatchObject({ mediaType: "template", ack: 0, fromMe: true });
    expect(message.body).toBe("*Pedido #123*\n\nOlá Maria, seu pedido foi enviado.\n\nLoja Exemplo");
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: "sendTemplate",
      args: {
        id: message.id,
        ticketId: 5,
        name: "pedido_atualizado",
        language: "pt_BR",
        headerParams: ["#123"],
        bodyParams: ["Maria", "enviado"],
        body: message.body,
      },
    });
    // The list's preview stays the customer's (decision 0089).
    expect((await db.tickets.get(5))?.lastMessage).toBe("Cadê meu pedido?");
  });
});

describe("#customer window on the device", () => {
  it("is closed on a Cloud API ticket until the contact writes, closes again after 24 h, and never binds Baileys", async () => {
    const ticket = buildTicket({ id: 9, contactId: 4, whatsappId: 7, channel: "whatsappapi" });
    await db.tickets.put(ticket);
    await db.whatsapps.put({
      id: 7,
      name: "Cloud",
      channel: "whatsappapi",
      status: "CONNECTED",
      isDefault: true,
      groupAsTicket: "disabled",
      companyId: 1,
    });
    const now = new Date("2026-11-24T12:00:00Z");
    expect(await readWindow(db, ticket, now)).toMatchObject({ bound: true, open: false, lastInboundAt: null });
    await db.messages.put(
      buildMessage({ id: "m1", ticketId: 9, fromMe: false, createdAt: "2026-11-23T13:00:00.000Z" }),
    );
    await db.messages.put(buildMessage({ id: "m2", ticketId: 9, fromMe: true, createdAt: "2026-11-24T11:00:00.000Z" }));
    expect(await readWindow(db, ticket, now)).toMatchObject({ open: true, lastInboundAt: "2026-11-23T13:00:00.000Z" });
    expect((await readWindow(db, ticket, new Date("2026-11-24T13:00:01Z"))).open).toBe(false);
    const baileys = { ...ticket, whatsappId: 8, channel: "whatsapp" as const };
    expect(await readWindow(db, baileys, now)).toMatchObject({ bound: false, open: true });
  });
});

describe("#WindowNotice", () => {
  const connection = (id: number, channel: "whatsappapi" | "facebook") => ({
    id,
    name: `c${id}`,
    channel,
    status: "CONNECTED",
    isDefault: false,
    groupAsTicket: "disabled" as const,
    companyId: 1,
  });

  it("on a Cloud API ticket past the window says why and opens the template picker; Facebook shows the spec's notice", async () => {
    await appDb.whatsapps.bulkPut([connection(31, "whatsappapi"), connection(32, "facebook")]);
    server.use(http.get("*/whatsapp/31/templates", () => HttpResponse.json({ templates: [ORDER] })));
    const cloud = buildTicket({ id: 301, contactId: 41, whatsappId: 31, channel: "whatsappapi" });
    await appDb.tickets.put(cloud);
    const user = userEvent.setup();
    render(<WindowNotice ticket={cloud} />);
    expect((await screen.findByTestId("window-closed")).textContent).toContain(
      "a conversa só pode ser retomada com um modelo aprovado",
    );
    await user.click(screen.getByTestId("window-pick-template"));
    expect(await screen.findByTestId("template-picker")).toBeTruthy();
    expect(await screen.findByRole("button", { name: /Modelo/ })).toBeTruthy();
    cleanup();

    // The contact writes: the notice goes away by itself.
    await appDb.messages.put(
      buildMessage({ id: "w1", ticketId: 301, fromMe: false, createdAt: new Date().toISOString() }),
    );
    render(<WindowNotice ticket={cloud} />);
    await waitFor(() => expect(screen.queryByTestId("window-notice")).toBeNull());
    cleanup();

    const fb = buildTicket({ id: 302, contactId: 42, whatsappId: 32, channel: "facebook" });
    await appDb.tickets.put(fb);
    await appDb.messages.put(
      buildMessage({ id: "w2", ticketId: 302, fromMe: false, createdAt: new Date().toISOString() }),
    );
    render(<WindowNotice ticket={fb} />);
    expect((await screen.findByTestId("window-notice")).textContent).toBe(
      "Você tem 24h para responder após receber uma mensagem, de acordo com as políticas do Facebook.",
    );
  });
});
