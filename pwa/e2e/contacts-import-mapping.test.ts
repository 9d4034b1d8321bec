// The contact import's mapping step (spec 1 §4, §5; decision 0091): a CRM export whose headers the import does not
// know shows its first rows; 'Importar' without the name and number columns says what is missing; the columns
// chosen by hand land in their fields (name, number, e-mail, tags, and a custom field).
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn } from "./support.ts";

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
});
