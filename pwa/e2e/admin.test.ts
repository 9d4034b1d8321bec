// The admin's loop on the screens of spec 1 §2 (issue 8 "Admin screens"): add a user who
// then signs in, import contacts from a spreadsheet and read the counts, tag a contact,
// block and delete one; and a plain user sees the numbers masked when LGPD hides them.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

const rowOf = (page: Page, name: string) => page.getByTestId("contact-row").filter({ hasText: name });

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.stack.core.db.pool.query(text, params)).rows as T[];
}

describe("admin screens", () => {
  it("an admin adds a user who can sign in, imports contacts, tags, blocks and deletes; a plain user sees masked numbers", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);

    // --- Users: add a plain user through the modal (general tab), then that user signs in.
    await page.goto(`${world.stack.core.url}/users`);
    await page.getByTestId("users-add").click();
    const modal = page.getByTestId("user-modal");
    await modal.waitFor();
    await page.getByTestId("user-name").fill("Paula Agente");
    await page.getByTestId("user-email").fill("paula@example.com");
    await page.getByTestId("user-password").fill("fraca");
    await page.getByTestId("user-save").click();
    // The password policy speaks before anything is sent.
    await modal.getByText("A senha deve ter ao menos 8 caracteres").first().waitFor();
    expect(await sql("SELECT 1 FROM users WHERE email = 'paula@example.com'")).toHaveLength(0);
    await page.getByTestId("user-password").fill("Paula2024");
    await page.getByTestId("user-tab-permissions").click();
    await page.getByTestId("user-permission-allowGroup").click();
    await page.getByTestId("user-save").click();
    await modal.waitFor({ state: "detached" });
    await page.getByTestId("user-row").filter({ hasText: "paula@example.com" }).waitFor();
    expect(await sql("SELECT name, profile, allow_group FROM users WHERE email = 'paula@example.com'")).toEqual([
      { name: "Paula Agente", profile: "user", allow_group: true },
    ]);
    const paulaContext = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const paula = await paulaContext.newPage();
    await signIn(paula, world.stack.core.url, { email: "paula@example.com", password: "Paula2024" });

    // --- Import: a small spreadsheet made here; one row has no number and is ignored.
    await page.goto(`${world.stack.core.url}/contacts`);
    await page.getByTestId("contacts-io-menu").click();
    await page.getByRole("menuitem", { name: "Importar planilha" }).click();
    await page.waitForURL(/\/contacts\/import$/);
    const csv = [
      "nome;numero;email",
      "Ana Import;5511976540001;ana@example.com",
      "Bruno Import;5511976540002;",
      "Sem Número;;",
    ];
    await page.locator('input[type="file"]').setInputFiles({
      name: "contatos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv.join("\n")),
    });
    await page.getByTestId("import-file-name").waitFor();
    await page.getByTestId("import-start").click();
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-created").textContent()).toBe("2 contatos criados");
    expect(await page.getByTestId("import-ignored").textContent()).toBe("1 linhas ignoradas");
    await page.getByTestId("import-view-contacts").click();
    await page.waitForURL(/\/contacts$/);
    await rowOf(page, "Ana Import").waitFor();
    await rowOf(page, "Bruno Import").waitFor();

    // --- Tags: a new tag, then the contact gets it in the contact dialog.
    await page.goto(`${world.stack.core.url}/tags`);
    await page.getByTestId("tags-add").click();
    await page.getByTestId("tag-name").fill("VI");
    await page.getByTestId("tag-save").click();
    await page.getByTestId("tag-modal").getByText("Mensagem muito curta").waitFor();
    await page.getByTestId("tag-name").fill("Cliente VIP");
    await page.getByTestId("tag-save").click();
    await page.getByTestId("tag-row").filter({ hasText: "Cliente VIP" }).waitFor();
    await until(
      "the tag stored",
      async () => (await sql("SELECT 1 FROM tags WHERE name = 'Cliente VIP'")).length === 1,
    );

    await page.goto(`${world.stack.core.url}/contacts`);
    await rowOf(page, "Ana Import").getByTestId("contact-edit").click();
    await page.getByTestId("contact-tags").click();
    await page.getByRole("option", { name: "Cliente VIP" }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("contact-save").click();
    await page.getByTestId("contact-dialog").waitFor({ state: "detached" });
    await until(
      "the contact tagged",
      async () =>
        (
          await sql(
            `SELECT 1 FROM contact_tags ct JOIN contacts c ON c.id = ct.contact_id JOIN tags t ON t.id = ct.tag_id
             WHERE c.name = 'Ana Import' AND t.name = 'Cliente VIP'`,
          )
        ).length === 1,
    );
    // The tag filter finds her, and only her.
    await page.getByTestId("contacts-tag-filter").click();
    await page.getByRole("option", { name: "Cliente VIP" }).click();
    await page.keyboard.press("Escape");
    await until("the filtered list", async () => (await page.getByTestId("contact-row").count()) === 1);
    await rowOf(page, "Ana Import").waitFor();
    await page.reload();

    // --- Block, then delete (with its confirmation).
    await rowOf(page, "Bruno Import").getByTestId("contact-block").click();
    await page.getByText("Contato bloqueado").first().waitFor();
    await rowOf(page, "Bruno Import").getByText("Bloqueado").waitFor();
    await until(
      "the block stored",
      async () => (await sql("SELECT active FROM contacts WHERE name = 'Bruno Import'"))[0]?.active === false,
    );
    expect(await rowOf(page, "Bruno Import").getByTestId("contact-start-ticket").isDisabled()).toBe(true);
    await rowOf(page, "Bruno Import").getByTestId("contact-delete").click();
    const confirm = page.getByTestId("contact-delete-confirm");
    await confirm.getByText("Excluir Bruno Import?").waitFor();
    await page.getByTestId("confirm-dialog-confirm").click();
    await rowOf(page, "Bruno Import").waitFor({ state: "detached" });
    await until(
      "the delete stored",
      async () => (await sql("SELECT 1 FROM contacts WHERE name = 'Bruno Import'")).length === 0,
    );

    // --- LGPD: with number hiding on, the plain user reads the middle of numbers masked.
    // Through the admin's own session (a second login would end the one in the browser).
    const statuses = await page.evaluate(async () => {
      const token = localStorage.getItem("token") ?? sessionStorage.getItem("token");
      const out: number[] = [];
      for (const column of ["enableLGPD", "lgpdHideNumber"]) {
        const res = await fetch("/companySettings", {
          method: "PUT",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({ column, data: "enabled" }),
        });
        out.push(res.status);
      }
      return out;
    });
    expect(statuses).toEqual([200, 200]);
    await paula.goto(`${world.stack.core.url}/contacts`);
    const anaForPaula = paula.getByTestId("contact-row").filter({ hasText: "Ana Import" });
    await anaForPaula.waitFor();
    // Her device held Ana's whole number from before: the settings change rebuilds her replica (a poke,
    // then a pull that replaces its contacts), so the row may show the old copy for a moment after the load.
    await until("the masked number on the plain user's device", async () =>
      ((await anaForPaula.textContent()) ?? "").includes("5511*******01"),
    );
    expect(await anaForPaula.textContent()).not.toContain("5511976540001");
    // Plain users neither delete nor export (contacts-page:deleteContact).
    await anaForPaula.getByTestId("contact-actions").click();
    expect(await paula.getByRole("menuitem", { name: "Excluir" }).count()).toBe(0);
    await paula.keyboard.press("Escape");
    // The admin still reads whole numbers.
    await page.reload();
    expect(await rowOf(page, "Ana Import").textContent()).toContain("5511976540001");

    await paulaContext.close();
    await context.close();
  });

  it("adds and blocks contacts offline, shown at once and sent once the connection is back", async () => {
    await sql("INSERT INTO contacts (company_id, name, number) VALUES (1, 'Rita Cache', '5511976540077')");
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/contacts`);
    // Seen online: kept on the device.
    await rowOf(page, "Rita Cache").waitFor();
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByText("Sem conexão: a lista mostra os contatos guardados neste aparelho").waitFor();
    await rowOf(page, "Rita Cache").getByTestId("contact-block").click();
    await rowOf(page, "Rita Cache").getByText("Alteração pendente").waitFor();
    await rowOf(page, "Rita Cache").getByText("Bloqueado").waitFor();

    await page.getByTestId("contacts-add").click();
    // The contract's messages (spec 1 §5), before anything is queued.
    await page.getByTestId("contact-name").fill("O");
    await page.getByTestId("contact-number").fill("1234");
    await page.getByTestId("contact-email").fill("olga@");
    await page.getByTestId("contact-save").click();
    const dialog = page.getByTestId("contact-dialog");
    await dialog.getByText("Invalid email").waitFor();
    expect(await dialog.getByText("Too Short!").count()).toBe(2);
    expect(await page.getByTestId("outbox-count").textContent()).toContain("1");
    await page.getByTestId("contact-email").fill("");
    await page.getByTestId("contact-name").fill("Olga Offline");
    await page.getByTestId("contact-number").fill("+55 (11) 97654-0099");
    await page.getByTestId("contact-save").click();
    await page.getByTestId("contact-dialog").waitFor({ state: "detached" });
    await rowOf(page, "Olga Offline").getByText("Aguardando envio").waitFor();
    expect(await sql("SELECT 1 FROM contacts WHERE number = '5511976540099'")).toHaveLength(0);
    expect((await sql("SELECT active FROM contacts WHERE name = 'Rita Cache'"))[0]?.active).toBe(true);

    await context.setOffline(false);
    await until(
      "both changes at core",
      async () =>
        (await sql("SELECT 1 FROM contacts WHERE number = '5511976540099' AND name = 'Olga Offline'")).length === 1 &&
        (await sql("SELECT active FROM contacts WHERE name = 'Rita Cache'"))[0]?.active === false,
      30_000,
    );
    await rowOf(page, "Olga Offline").getByText("Aguardando envio").waitFor({ state: "detached" });
    await rowOf(page, "Rita Cache").getByText("Alteração pendente").waitFor({ state: "detached" });
    expect(await page.getByTestId("outbox-count").textContent()).toContain("0");
    await context.close();
  });
});
