// File lists and quick messages with media (spec 2 §2-§7), in chromium against the whole stack with the sync
// server: an admin creates a file list with two files on /files, and a chatbot option of type file sends its
// message and both files to a contact; an admin writes a quick message with a file in the modal (through
// core and the sync server into the co-edited list), and picking it with '/' sends that file with its caption.
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, signIn, until } from "./support.ts";

const world = browserStackForFile({ sync: true });
let page: Page;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.stack.core.db.pool.query(text, params)).rows as T[];
}

const sentTo = (to: string) => world.stack.graph.requests.filter((r) => r.body.to === to);

forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

describe("file lists", () => {
  it("an admin creates a list with two files; a chatbot option of type file sends its message and both files", async () => {
    await page.goto(`${world.stack.core.url}/files`);
    await page.getByTestId("files-page").waitFor();
    await page.getByTestId("files-add").click();
    const modal = page.getByTestId("file-list-modal");
    // The spec's validation texts before anything is sent.
    await modal.getByTestId("file-list-name").fill("ab");
    await modal.getByTestId("file-list-save").click();
    await modal.getByText("nome muito curto").waitFor();
    await modal.getByText("Obrigatório").waitFor();
    await modal.getByTestId("file-list-name").fill("Catálogo");
    await modal.getByTestId("file-list-message").fill("Olá {{firstName}}, segue o material:");
    const chooser = page.waitForEvent("filechooser");
    await modal.getByTestId("file-list-pick").click();
    await (await chooser).setFiles([
      { name: "foto da loja.png", mimeType: "image/png", buffer: PNG },
      { name: "tabela.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    expect(await modal.getByTestId("file-list-file").count()).toBe(2);
    await modal.getByTestId("file-list-save").click();
    await modal.waitFor({ state: "detached" });
    await page.getByTestId("file-list-row").filter({ hasText: "Catálogo" }).waitFor();
    const [list] = await sql<{ id: number; options: { name: string; mediaType: string }[] }>(
      "SELECT id, options FROM file_lists WHERE company_id = 1 AND name = 'Catálogo'",
    );
    expect(list!.options.map((o) => [o.name, o.mediaType])).toEqual([
      ["foto_da_loja.png", "image"],
      ["tabela.pdf", "application"],
    ]);

    // A queue on the Cloud API connection whose first option sends the list.
    const [queue] = await sql<{ id: number }>(
      "INSERT INTO queues (company_id, name, color, greeting_message) VALUES (1, 'Materiais', '#43a047', 'Escolha:') RETURNING id",
    );
    await sql(
      `INSERT INTO chatbots (company_id, queue_id, name, greeting_message, queue_type, opt_file_id)
       VALUES (1, $1, 'Catálogo', 'Enviando o catálogo.', 'file', $2), (1, $1, 'Suporte', 'Descreva.', 'text', NULL)`,
      [queue!.id, list!.id],
    );
    await sql("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, 1)", [
      world.stack.whatsappId,
      queue!.id,
    ]);
    const from = "5511955550101";
    const uploadsBefore = world.stack.graph.uploads.length;
    expect(await world.stack.deliverInbound({ from, name: "Maria Souza", text: "oi", id: "wamid.f1" })).toBe(200);
    await until("the menu", () => sentTo(from).some((r) => r.body.text?.body?.includes("*[ 1 ]* - Catálogo")));
    expect(await world.stack.deliverInbound({ from, name: "Maria Souza", text: "1", id: "wamid.f2" })).toBe(200);
    await until("both files sent", () => sentTo(from).filter((r) => r.body.type !== "text").length === 2);
    const texts = sentTo(from)
      .filter((r) => r.body.type === "text")
      .map((r) => r.body.text?.body);
    expect(texts.slice(-2)).toEqual(["Enviando o catálogo.", "Olá Maria, segue o material:"]);
    expect(
      sentTo(from)
        .filter((r) => r.body.type !== "text")
        .map((r) => r.body.type),
    ).toEqual(["image", "document"]);
    expect(world.stack.graph.uploads.length - uploadsBefore).toBe(2);
    // The next test's contact meets no bot.
    await sql("DELETE FROM whatsapp_queues WHERE queue_id = $1 AND company_id = 1", [queue!.id]);
  });
});

describe("file lists live", () => {
  it("/files follows another admin's changes without a reload (spec 2 §4 live updates)", async () => {
    const other = await buildUser(world.stack.core.db.pool, { companyId: 1, profile: "admin", name: "Outra Admin" });
    const login = await fetch(`${world.stack.core.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: other.email, password: other.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${world.stack.core.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBe(200);
      return (await res.json()) as { id: number };
    };
    await page.goto(`${world.stack.core.url}/files`);
    await page.getByTestId("files-page").waitFor();
    await page.getByTestId("file-list-row").first().waitFor();
    const rows = page.getByTestId("file-list-row");

    const { id } = await call("POST", "/files", { name: "Tabela de preços", message: "Segue a tabela", options: [] });
    await rows.filter({ hasText: "Tabela de preços" }).waitFor();
    await call("PUT", `/files/${id}`, { name: "Tabela de preços 2027" });
    await rows.filter({ hasText: "Tabela de preços 2027" }).waitFor();
    await call("DELETE", `/files/${id}`);
    await rows.filter({ hasText: "Tabela de preços" }).waitFor({ state: "detached" });
  });
});

describe("quick messages with media", () => {
  it("an admin writes one with a file in the modal, and picking it with '/' sends the file with its caption", async () => {
    await page.goto(`${world.stack.core.url}/quick-messages`);
    const personal = page.locator("section").filter({ hasText: /Pessoais/ });
    await personal.getByTestId("quick-messages-add").click();
    const modal = page.getByTestId("quick-message-modal");
    await modal.getByTestId("quick-message-save").click();
    await modal.getByText("Obrigatório").waitFor();
    await modal.getByTestId("quick-message-shortcode").fill("loja");
    await modal.getByTestId("quick-message-message").fill("Nossa loja, {{firstName}}");
    const chooser = page.waitForEvent("filechooser");
    await modal.getByTestId("quick-message-pick").click();
    await (await chooser).setFiles({ name: "foto da loja.png", mimeType: "image/png", buffer: PNG });
    expect(await modal.getByTestId("quick-message-media-name").textContent()).toBe("foto_da_loja.png");
    await modal.getByTestId("quick-message-save").click();
    await modal.waitFor({ state: "detached" });
    // The list shows it live from its co-edited document, with its file.
    await personal
      .getByTestId("quick-messages-item")
      .filter({ hasText: "/loja" })
      .filter({ hasText: "foto_da_loja.png" })
      .waitFor();

    const [queue] = await sql<{ id: number }>(
      "INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5') RETURNING id",
    );
    expect(
      await world.stack.deliverInbound({ from: "5511987650202", name: "Ana Dias", text: "Oi!", id: "wamid.qm1" }),
    ).toBe(200);
    const [ticket] = await sql<{ id: number }>(
      "SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '5511987650202'",
    );
    expect(await acceptAsAdmin(world.stack.core.url, ticket!.id, queue!.id)).toBe(200);
    // That API login ended the page's session (one session per user): sign in again.
    await signIn(page, world.stack.core.url);
    // The inbox may open on Aguardando (chosen from the replica before its pull brings the accept): the ticket is
    // the admin's now, under Atendendo.
    await page.getByTestId("tickets-tab-open").click();
    const item = page.getByTestId("ticket-item").filter({ hasText: "Ana Dias" });
    await item.waitFor();
    await item.click();
    const input = page.getByTestId("message-input");
    await input.fill("/lo");
    const option = page.getByTestId("quick-option").filter({ hasText: "/loja" });
    await option.waitFor();
    await option.click();
    await until(
      "the media quick message stored",
      async () =>
        (
          await sql(
            "SELECT 1 FROM messages WHERE ticket_id = $1 AND media_type = 'image' AND body = 'Nossa loja, Ana' AND from_me",
            [ticket!.id],
          )
        ).length === 1,
    );
    await until("the image sent to the contact", () => sentTo("5511987650202").some((r) => r.body.type === "image"));
  });
});
