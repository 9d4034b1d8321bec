// The contact import's mapping step (spec 1 §4, §5; decisions 0091, 0118): a CRM export whose headers the import
// does not know shows its first rows; 'Importar' without the name and number columns says what is missing; the
// columns chosen by hand land in their fields (name, number, e-mail, tags, and a custom field). Rows are shown a
// page at a time, all ticked; only the rows left ticked are imported, and none ticked says so (spec 1 §5).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, looked, signIn } from "./support.ts";

const world = browserStackForFile();

const CSV = [
  "Código;Cliente;Fone fixo;Correio eletrônico;Segmento;Cidade",
  "17;Ana Mapeada;+55 (11) 97654-0201;ana.mapeada@example.com;Atacado;Campinas",
  "18;Bruno Mapeado;5511976540202;;;Santos",
  "19;;5511976540203;sem.nome@example.com;;",
].join("\n");

describe("contacts import mapping", () => {
  it("imports a sheet with odd headers by the columns chosen by hand", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/contacts/import`);
    await page.locator('input[type="file"]').setInputFiles({
      name: "crm.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV),
    });
    const step = page.getByTestId("import-mapping");
    await step.waitFor();
    // The sheet's first rows under its own headers.
    const preview = page.getByTestId("import-preview");
    await preview.getByRole("columnheader", { name: "Correio eletrônico" }).waitFor();
    await preview.getByRole("cell", { name: "Ana Mapeada" }).waitFor();

    // Nothing guessed from these headers: the spec's message for each unselected required column.
    await page.getByTestId("import-start").click();
    await step.getByText("Selecione a coluna do nome").waitFor();
    await step.getByText("Selecione a coluna do número").waitFor();

    const choose = async (field: string, column: string) => {
      await page.getByTestId(`import-map-${field}`).click();
      await page.getByRole("option", { name: column, exact: true }).click();
    };
    await choose("name", "Cliente");
    await choose("number", "Fone fixo");
    await choose("email", "Correio eletrônico");
    await choose("tags", "Segmento");
    await page.getByTestId("import-extra-5").click();
    // A column taken by a field cannot be an extra one too.
    expect(await page.getByTestId("import-extra-1").locator("input").isDisabled()).toBe(true);
    await preview.getByRole("columnheader", { name: "Cliente → Nome" }).waitFor();

    await page.getByTestId("import-start").click();
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-created").textContent()).toBe("2 contatos criados");
    expect(await page.getByTestId("import-ignored").textContent()).toBe("1 linhas ignoradas");
    const { rows } = await world.stack.core.db.pool.query(
      `SELECT c.name, c.number, c.email, c.extra_info AS "extraInfo",
         COALESCE((SELECT array_agg(t.name) FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
           WHERE ct.contact_id = c.id), '{}') AS tags
       FROM contacts c WHERE c.company_id = 1 AND c.number LIKE '55119765402%' ORDER BY c.number`,
    );
    expect(rows).toEqual([
      {
        name: "Ana Mapeada",
        number: "5511976540201",
        email: "ana.mapeada@example.com",
        tags: ["Atacado"],
        extraInfo: [{ id: 1, name: "Cidade", value: "Campinas" }],
      },
      {
        name: "Bruno Mapeado",
        number: "5511976540202",
        email: "",
        tags: [],
        extraInfo: [{ id: 1, name: "Cidade", value: "Santos" }],
      },
    ]);
    await context.close();
  });

  // 30 rows under headers the import knows (mapped by themselves): two pages of 25.
  const PAGED = [
    "Nome;Telefone",
    ...[...Array(30).keys()].map((i) => `Pessoa Linha ${i};55119765430${String(i).padStart(2, "0")}`),
  ].join("\n");

  async function openPaged(page: Page) {
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/contacts/import`);
    await page.locator('input[type="file"]').setInputFiles({
      name: "paginas.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(PAGED),
    });
    await page.getByTestId("import-mapping").waitFor();
  }
  const count = (page: Page) => page.getByTestId("import-selected-count").textContent();

  it("imports only the rows left ticked, across pages, and refuses an import with none ticked", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await openPaged(page);
    expect(await count(page)).toBe("30 de 30 linhas selecionadas");
    expect(await page.getByTestId("import-page").textContent()).toBe("Linhas 1–25 de 30");
    expect(await page.getByTestId("import-preview").locator("tbody tr").count()).toBe(25);

    // Nothing ticked: the spec's message, and nothing is sent.
    await page.getByTestId("import-select-all").click();
    expect(await count(page)).toBe("0 de 30 linhas selecionadas");
    await page.getByTestId("import-start").click();
    await page.getByTestId("import-selection-error").getByText("Selecione pelo menos uma linha").waitFor();
    expect(await page.getByTestId("import-result").count()).toBe(0);

    // Every row again, then one unticked here and one on the next page.
    await page.getByTestId("import-select-all").click();
    await page.getByTestId("import-row-1").click();
    expect(await count(page)).toBe("29 de 30 linhas selecionadas");
    await page.getByTestId("import-page-next").click();
    await page.getByTestId("import-page").getByText("Linhas 26–30 de 30").waitFor();
    await page.getByTestId("import-preview").getByRole("cell", { name: "Pessoa Linha 27" }).waitFor();
    await page.getByTestId("import-row-27").click();
    expect(await count(page)).toBe("28 de 30 linhas selecionadas");
    // Back on the first page the unticked row stays unticked.
    await page.getByTestId("import-page-previous").click();
    await page.getByTestId("import-page").getByText("Linhas 1–25 de 30").waitFor();
    expect(await page.getByTestId("import-row-1").locator("input").isChecked()).toBe(false);
    expect(await page.getByTestId("import-row-2").locator("input").isChecked()).toBe(true);

    await page.getByTestId("import-start").click();
    await page.getByTestId("import-result").waitFor();
    expect(await page.getByTestId("import-created").textContent()).toBe("28 contatos criados");
    expect(await page.getByTestId("import-ignored").textContent()).toBe("0 linhas ignoradas");
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT number FROM contacts WHERE company_id = 1 AND number LIKE '55119765430%' ORDER BY number",
    );
    const numbers = rows.map((r: { number: string }) => r.number);
    expect(numbers).toHaveLength(28);
    expect(numbers).not.toContain("5511976543001");
    expect(numbers).not.toContain("5511976543027");
    await context.close();
  });

  it("shows the rows to tick at 360, 390 (dark) and 1366 px with no serious axe violation", async () => {
    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      const context = await world.browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: size.name === "phone390" ? "dark" : "light",
      });
      const page = await context.newPage();
      await openPaged(page);
      await page.getByTestId("import-row-1").click();
      await page.getByTestId("import-rows").scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `contacts-import-rows-${size.name}`, ".data-table-scroll, [role=tablist]")));
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
