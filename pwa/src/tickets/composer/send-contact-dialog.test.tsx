// @vitest-environment jsdom
// The send-contact dialog as an agent uses it: offline it searches the device's contacts, online
// core's search from 3 characters; picked with the keyboard, previewed, sent; nothing chosen says so.
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { buildContact, testDb } from "../../test-support/factories.ts";
import { BASE_URL, testApi } from "../../test-support/fake-core.ts";
import { mockNetworkForFile } from "../../test-support/mock-network.ts";
import { SendContactDialog } from "./send-contact-dialog.tsx";

const server = mockNetworkForFile();
let db: ChatflowDb;

beforeEach(async () => {
  db = testDb();
  await db.contacts.bulkPut([
    buildContact({ id: 1, name: "Maria Souza", number: "5511911110000" }),
    buildContact({ id: 2, name: "Mariana Lima", number: "5511922220000" }),
    buildContact({ id: 3, name: "Marketing (grupo)", number: "120363000000000000", isGroup: true }),
    buildContact({ id: 4, name: "Marina Insta", number: "178900000", channel: "instagram" }),
    buildContact({ id: 5, name: "Pedro Alves", number: "5521933330000" }),
  ]);
});
afterEach(() => cleanup());

function open(online: boolean) {
  const onSend = vi.fn(async () => {});
  const onClose = vi.fn();
  render(<SendContactDialog db={db} api={testApi()} online={online} onSend={onSend} onClose={onClose} />);
  return { onSend, onClose, input: screen.getByRole("combobox", { name: "Contato" }) };
}

describe("#SendContactDialog", () => {
  it("offline, finds the device's contacts (no groups, no Instagram), picks by keyboard, previews and sends", async () => {
    const user = userEvent.setup();
    const { onSend, onClose, input } = open(false);
    expect(screen.getByText("Sem conexão: busca nos contatos deste aparelho.")).toBeTruthy();
    expect(document.activeElement).toBe(input);

    await user.keyboard("mar");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "Maria Souza5511911110000",
        "Mariana Lima5511922220000",
      ]),
    );
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    const preview = await screen.findByTestId("send-contact-preview");
    expect(preview.textContent).toContain("Mariana Lima");
    expect(preview.textContent).toContain("5511922220000");

    // Enter in the field sends the form.
    await user.keyboard("{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: "Mariana Lima" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("says a contact must be chosen, and sends nothing", async () => {
    const user = userEvent.setup();
    const { onSend } = open(false);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Selecione um contato")).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("online, asks core from 3 characters, lower-cased, and offers the contacts only core knows", async () => {
    const queries: string[] = [];
    server.use(
      http.get(`${BASE_URL}/contacts`, ({ request }) => {
        queries.push(new URL(request.url).searchParams.get("searchParam") ?? "");
        const far = { ...buildContact({ id: 90, name: "Pedro Distante", number: "5531944440000" }), tags: [] };
        return HttpResponse.json({ contacts: [far], hasMore: false, count: 1 });
      }),
    );
    const user = userEvent.setup();
    const { input } = open(true);
    expect(screen.getByText("A busca no servidor começa com 3 caracteres.")).toBeTruthy();
    await user.type(input, "PE");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Pedro Alves5521933330000"]),
    );
    expect(queries).toEqual([]);
    await user.type(input, "D");
    await waitFor(
      () => expect(screen.getAllByRole("option").map((o) => o.textContent)).toContain("Pedro Distante5531944440000"),
      {
        timeout: 3000,
      },
    );
    // Debounced: one request for what was finally typed.
    expect(queries).toEqual(["ped"]);
    // What core found stays on the device, offered offline next time.
    expect((await db.contacts.get(90))?.name).toBe("Pedro Distante");
    // Chosen, it is previewed and named in the field, and stays chosen while the search follows the name.
    await user.click(screen.getByRole("option", { name: /Pedro Distante/ }));
    expect((await screen.findByTestId("send-contact-preview")).textContent).toContain("Pedro Distante");
    await waitFor(() => expect(queries).toEqual(["ped", "pedro distante"]), { timeout: 3000 });
    expect((input as HTMLInputElement).value).toBe("Pedro Distante");
    expect(screen.getByTestId("send-contact-preview").textContent).toContain("5531944440000");
  });
});
