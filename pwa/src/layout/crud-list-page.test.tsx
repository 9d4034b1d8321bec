// @vitest-environment jsdom
// The admin list screens' one frame (crud-list-page.tsx), through the file lists screen: the records of the route,
// the search sent once typing stops, a delete confirmed then sent and the list loaded again, the editor opened
// from a row, and offline the notice with add switched off.
import "fake-indexeddb/auto";
import type { CampaignDTO } from "@chatflow/core/contract/campaigns.ts";
import type { FileListDTO } from "@chatflow/core/contract/files.ts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CampaignsPage } from "../campaigns/campaigns-page.tsx";
import { FilesPage } from "../files/files-page.tsx";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";

const network = mockNetworkForFile();
const origin = () => window.location.origin;

// jsdom lays nothing out: the list's scroll area gets the sizes a browser would give it.
const proto = HTMLElement.prototype;
const sizes = { offsetHeight: 600, offsetWidth: 800, clientHeight: 600, scrollHeight: 600 };
const saved = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)]));

const list = (id: number, name: string): FileListDTO =>
  ({ id, name, message: `Mensagem ${id}`, options: [] }) as unknown as FileListDTO;

/** Core's /files, holding `records`; answers the search each GET asked for and records the deletes. */
function filesRoute(records: FileListDTO[]) {
  const searches: (string | null)[] = [];
  const deletes: string[] = [];
  network.use(
    http.get(`${origin()}/files`, ({ request }) => {
      const q = new URL(request.url).searchParams.get("searchParam");
      searches.push(q);
      const files = records.filter((r) => !q || r.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json({ files, hasMore: false, count: files.length });
    }),
    http.delete(`${origin()}/files/:id`, ({ params }) => {
      deletes.push(String(params.id));
      records.splice(
        records.findIndex((r) => String(r.id) === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { searches, deletes };
}

const rowNames = () =>
  screen.queryAllByTestId("file-list-row").map((r) => r.querySelector(".list-item-title")?.textContent);

function show() {
  render(
    <MemoryRouter>
      <FilesPage />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
  for (const [k, v] of Object.entries(sizes)) Object.defineProperty(proto, k, { configurable: true, get: () => v });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const [k, d] of Object.entries(saved)) {
    if (d) Object.defineProperty(proto, k, d);
    else Reflect.deleteProperty(proto, k);
  }
});

describe("#CrudListPage", () => {
  it("lists the route's records and sends the search once typing stops", async () => {
    const calls = filesRoute([list(1, "Catálogo"), list(2, "Boletos")]);
    show();
    await waitFor(() => expect(rowNames()).toEqual(["Catálogo", "Boletos"]));
    await userEvent.setup().type(screen.getByTestId("files-search"), "bol");
    await waitFor(() => expect(rowNames()).toEqual(["Boletos"]));
    // One request for the whole word, after the 500 ms pause: never one per key.
    expect(calls.searches).toEqual([null, "bol"]);
  });

  it("deletes a record only once confirmed, then loads the list again", async () => {
    const calls = filesRoute([list(1, "Catálogo"), list(2, "Boletos")]);
    const user = userEvent.setup();
    show();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    await user.click(within(screen.getAllByTestId("file-list-row")[1]!).getByTestId("file-list-delete"));
    const confirm = await screen.findByTestId("file-list-delete-confirm");
    expect(calls.deletes).toEqual([]);
    await user.click(within(confirm).getByRole("button", { name: i18n.t("filesPage.deleteConfirm.confirm") }));
    await waitFor(() => expect(rowNames()).toEqual(["Catálogo"]));
    expect(calls.deletes).toEqual(["2"]);
  });

  it("opens the editor from a row", async () => {
    filesRoute([list(1, "Catálogo")]);
    const user = userEvent.setup();
    show();
    await waitFor(() => expect(rowNames()).toHaveLength(1));
    await user.click(within(screen.getByTestId("file-list-row")).getByTestId("file-list-edit"));
    const editor = await screen.findByRole("dialog");
    expect((within(editor).getByLabelText(i18n.t("filesPage.modal.name")) as HTMLInputElement).value).toBe("Catálogo");
  });

  it("offline: says the screen needs a connection and switches add off", async () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    filesRoute([list(1, "Catálogo")]);
    show();
    expect(await screen.findByText(i18n.t("filesPage.offline"))).toBeTruthy();
    expect(screen.getByTestId("files-add").hasAttribute("disabled")).toBe(true);
  });

  it("on a phone, a row with more than two actions shows them in one menu; a row with two keeps its buttons", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(max-width: 600px)",
      addEventListener() {},
      removeEventListener() {},
    }));
    const running = { id: 5, name: "Black Friday", status: "EM_ANDAMENTO", scheduledAt: null, whatsapp: null };
    network.use(
      http.get(`${origin()}/campaigns`, () =>
        HttpResponse.json({ records: [running as unknown as CampaignDTO], hasMore: false, count: 1 }),
      ),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CampaignsPage />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId("campaign-row");
    // Stop, report, view and delete: one menu, so the row keeps room for its name.
    expect(within(row).queryByTestId("campaign-cancel")).toBeNull();
    await user.click(within(row).getByTestId("row-actions"));
    const menu = await screen.findByRole("menu", { name: i18n.t("ui.moreActions", { name: "Black Friday" }) });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual([
      i18n.t("campaignsPage.cancel", { name: "Black Friday" }),
      i18n.t("campaignsPage.report", { name: "Black Friday" }),
      i18n.t("campaignsPage.view", { name: "Black Friday" }),
      i18n.t("campaignsPage.delete", { name: "Black Friday" }),
    ]);
    cleanup();
    filesRoute([list(1, "Catálogo")]);
    show();
    const fileRow = await screen.findByTestId("file-list-row");
    expect(within(fileRow).queryByTestId("row-actions")).toBeNull();
    expect(within(fileRow).getByTestId("file-list-edit")).toBeTruthy();
  });
});
