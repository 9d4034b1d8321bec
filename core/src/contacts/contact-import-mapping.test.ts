// The contact import's column mapping (spec 1 §4 "Import of contacts from spreadsheet", §5; decision 0091): the
// preview answers a sheet's header and first rows with the mapping its header suggests; an import carries the
// admin's mapping, which lands each chosen column in its field (extra columns as custom fields); a bad mapping is
// refused with the spec's errors and creates nothing. CSV and XLSX alike.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { IMPORT_MAPPING_MESSAGES as M } from "../contract/contact-import.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

async function company() {
  const c = await buildCompany(core.db.pool);
  const u = await buildUser(core.db.pool, { companyId: c.id, profile: "admin" });
  const { token } = await core.login(u.email, u.password);
  return { id: c.id, token };
}

async function send(
  path: string,
  token: string,
  name: string,
  content: Buffer | string,
  mapping?: unknown,
  fields: Record<string, unknown> = {},
) {
  const form = new FormData();
  form.append("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
  if (mapping !== undefined) form.append("mapping", typeof mapping === "string" ? mapping : JSON.stringify(mapping));
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  const res = await fetch(`${core.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const preview = (token: string, name: string, content: Buffer | string, page?: unknown) =>
  send("/contacts/upload/preview", token, name, content, undefined, page === undefined ? {} : { page });
const upload = (token: string, name: string, content: Buffer | string, mapping?: unknown, selection?: unknown) =>
  send("/contacts/upload", token, name, content, mapping, selection === undefined ? {} : { selection });

async function contactsOf(companyId: number) {
  const { rows } = await core.db.pool.query(
    `SELECT c.name, c.number, c.email, c.extra_info AS "extraInfo",
       COALESCE((SELECT array_agg(t.name ORDER BY t.name) FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
         WHERE ct.contact_id = c.id), '{}') AS tags
     FROM contacts c WHERE c.company_id = $1 ORDER BY c.number`,
    [companyId],
  );
  return rows;
}

// A CRM export whose headers the import does not know: "Cliente", "Celular 1" is known, "Fone fixo" is not.
const CRM_CSV = [
  "Código;Cliente;Fone fixo;Correio eletrônico;Segmento;Cidade",
  "17;Ana Lima;+55 (11) 90000-0102;ana@loja.test;VIP;Campinas",
  "18;Bruno Reis;5511900000103;;Atacado;",
  "19;;5511900000104;sem@nome.test;;Santos",
].join("\n");
const CRM_MAPPING = { name: 1, number: 2, email: 3, tags: 4, extra: [0, 5] };

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Clientes");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("#contacts.upload.preview", () => {
  it("answers the header, the first rows and the mapping the header suggests, and stores nothing", async () => {
    const c = await company();
    const res = await preview(c.token, "crm.csv", CRM_CSV);
    expect(res.status).toBe(200);
    expect(res.body.header).toEqual(["Código", "Cliente", "Fone fixo", "Correio eletrônico", "Segmento", "Cidade"]);
    expect(res.body.rows).toHaveLength(3);
    expect(res.body.rows[0]).toEqual(["17", "Ana Lima", "+55 (11) 90000-0102", "ana@loja.test", "VIP", "Campinas"]);
    // None of these headers is a known name: nothing is guessed, the admin chooses.
    expect(res.body.guess).toEqual({ name: null, number: null, email: null, tags: null, extra: [] });
    // Today's fixed names still map themselves.
    const known = await preview(c.token, "c.csv", "E-mail;Nome;WhatsApp;Etiquetas\na@x.test;Ana;5511900000001;VIP\n");
    expect(known.body.guess).toEqual({ name: 1, number: 2, email: 0, tags: 3, extra: [] });
    expect(await contactsOf(c.id)).toEqual([]);
    const imports = await core.db.pool.query("SELECT 1 FROM contact_imports WHERE company_id = $1", [c.id]);
    expect(imports.rows).toHaveLength(0);
  });

  it("reads an xlsx sheet a page at a time, numbers with all their digits, and counts its rows", async () => {
    const c = await company();
    const rows: (string | number)[][] = [["Cliente", "Telefone principal"]];
    for (let i = 0; i < 30; i++) rows.push([`Pessoa ${i}`, 5511900000200 + i]);
    const sheet = await xlsx(rows);
    const res = await preview(c.token, "clientes.xlsx", sheet);
    expect(res.status).toBe(200);
    expect(res.body.header).toEqual(["Cliente", "Telefone principal"]);
    // The header and one page of 25 rows, not the whole sheet; the count of every row.
    expect(res.body).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(res.body.rows).toEqual([...Array(25).keys()].map((i) => [`Pessoa ${i}`, String(5511900000200 + i)]));
    const second = await preview(c.token, "clientes.xlsx", sheet, "2");
    expect(second.body).toMatchObject({ total: 30, page: 2 });
    expect(second.body.rows).toEqual([25, 26, 27, 28, 29].map((i) => [`Pessoa ${i}`, String(5511900000200 + i)]));
    expect((await preview(c.token, "clientes.xlsx", sheet, "3")).body).toMatchObject({ total: 30, rows: [] });
    const badPage = await preview(c.token, "clientes.xlsx", sheet, "0");
    expect([badPage.status, badPage.body.fields]).toEqual([400, { page: "Invalid page" }]);
  });

  it("refuses what the import refuses: another file type, a zip that is no sheet, an empty sheet", async () => {
    const c = await company();
    const pdf = await preview(c.token, "c.pdf", "%PDF-1.4");
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toBe("ERR_VALIDATION");
    // A zip archive named .csv is no sheet the import reads.
    const zip = await preview(c.token, "c.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(zip.status).toBe(400);
    expect(zip.body.fields).toEqual({ file: "Formato de arquivo inválido (xls, xlsx, csv, txt)" });
    const empty = await preview(c.token, "vazia.csv", "\n\n");
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ file: "A planilha está vazia" });
  });
});

describe("#contacts.upload with a mapping", () => {
  it("lands each chosen column in its field; extra columns become custom fields named by their header", async () => {
    const c = await company();
    // Without a mapping these headers are refused, as before.
    const guessed = await upload(c.token, "crm.csv", CRM_CSV);
    expect(guessed.status).toBe(400);
    expect(Object.keys(guessed.body.fields).sort()).toEqual(["name", "number"]);

    const res = await upload(c.token, "crm.csv", CRM_CSV, CRM_MAPPING);
    expect(res.status).toBe(200);
    // The third row has no name: ignored, as the spec counts rows missing a required value.
    expect(res.body).toEqual({ created: 2, ignored: 1 });
    expect(await contactsOf(c.id)).toEqual([
      {
        name: "Ana Lima",
        number: "5511900000102",
        email: "ana@loja.test",
        tags: ["VIP"],
        extraInfo: [
          { id: 1, name: "Código", value: "17" },
          { id: 2, name: "Cidade", value: "Campinas" },
        ],
      },
      {
        name: "Bruno Reis",
        number: "5511900000103",
        email: "",
        tags: ["Atacado"],
        // An empty cell makes no field.
        extraInfo: [{ id: 1, name: "Código", value: "18" }],
      },
    ]);
  });

  it("imports an xlsx by the mapping, a column without a header named by its place", async () => {
    const c = await company();
    const sheet = await xlsx([
      ["Telefone principal", "Cliente", ""],
      [5511900000301, "Carla", "Loja 2"],
    ]);
    // Fill the header's third cell so the sheet has three columns; its text is blank.
    const res = await upload(c.token, "clientes.xlsx", sheet, { name: 1, number: 0, extra: [2] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ created: 1, ignored: 0 });
    expect(await contactsOf(c.id)).toEqual([
      {
        name: "Carla",
        number: "5511900000301",
        email: "",
        tags: [],
        extraInfo: [{ id: 1, name: "Coluna 3", value: "Loja 2" }],
      },
    ]);
  });

  it("refuses a bad mapping with the spec's errors and creates nothing", async () => {
    const c = await company();
    const refused = async (mapping: unknown) => {
      const res = await upload(c.token, "crm.csv", CRM_CSV, mapping);
      expect(res.status, JSON.stringify(mapping)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      return res.body.fields as Record<string, string>;
    };
    // Name and number must be mapped: an error for each unselected.
    expect(await refused({ name: null, number: null })).toEqual({ name: M.nameRequired, number: M.numberRequired });
    expect(await refused({ number: 2 })).toEqual({ name: M.nameRequired });
    // Each field to one column only.
    expect(await refused({ name: 1, number: 2, email: 2 })).toEqual({ email: M.columnTwice });
    expect(await refused({ name: 1, number: 2, extra: [0, 1] })).toEqual({ "extra.1": M.columnTwice });
    // A column the sheet does not have (the header has six).
    expect(await refused({ name: 1, number: 6 })).toEqual({ number: M.columnMissing });
    expect(await refused({ name: 1, number: 2, extra: [9] })).toEqual({ "extra.0": M.columnMissing });
    // Not a mapping at all, or out of any sheet's columns.
    expect(Object.keys(await refused("{not json"))).toEqual(["mapping"]);
    expect(Object.keys(await refused({ name: -1, number: 2 }))).toEqual(["name"]);
    expect(Object.keys(await refused({ name: 1, number: 50 }))).toEqual(["number"]);
    expect(await contactsOf(c.id)).toEqual([]);
  });

  it("imports only the selected rows: all but some, or only some; the others neither created nor ignored", async () => {
    const c = await company();
    // Rows 0 (Ana), 1 (Bruno) and 2 (no name): all but Ana.
    const except = await upload(c.token, "crm.csv", CRM_CSV, CRM_MAPPING, { mode: "except", rows: [0] });
    expect(except.body).toEqual({ created: 1, ignored: 1 });
    expect((await contactsOf(c.id)).map((r) => r.name)).toEqual(["Bruno Reis"]);
    // Only Ana and the row without a name: one created, one ignored; Bruno is left out of the counts.
    const d = await company();
    const only = await upload(d.token, "crm.csv", CRM_CSV, CRM_MAPPING, { mode: "only", rows: [0, 2] });
    expect(only.body).toEqual({ created: 1, ignored: 1 });
    expect((await contactsOf(d.id)).map((r) => r.name)).toEqual(["Ana Lima"]);
    // No selection: every row, as before.
    const e = await company();
    expect((await upload(e.token, "crm.csv", CRM_CSV, CRM_MAPPING)).body).toEqual({ created: 2, ignored: 1 });
  });

  it("refuses an import with no row selected with the spec's message, and creates nothing", async () => {
    const c = await company();
    const imports = async () =>
      (await core.db.pool.query("SELECT state FROM contact_imports WHERE company_id = $1", [c.id])).rows;
    // Nothing ticked: refused before any import starts.
    const none = await upload(c.token, "crm.csv", CRM_CSV, CRM_MAPPING, { mode: "only", rows: [] });
    expect([none.status, none.body.error, none.body.fields]).toEqual([
      400,
      "ERR_VALIDATION",
      { selection: M.noRowSelected },
    ]);
    expect(await imports()).toEqual([]);
    for (const bad of ["{not json", { mode: "some", rows: [] }, { mode: "only", rows: [-1] }]) {
      const res = await upload(c.token, "crm.csv", CRM_CSV, CRM_MAPPING, bad);
      expect([res.status, res.body.fields], JSON.stringify(bad)).toEqual([400, { selection: "Invalid selection" }]);
    }
    expect(await imports()).toEqual([]);
    // Every row of this file unticked, or only rows it does not have: the import finds none and fails.
    for (const selection of [
      { mode: "except", rows: [0, 1, 2] },
      { mode: "only", rows: [3, 40] },
    ]) {
      const res = await upload(c.token, "crm.csv", CRM_CSV, CRM_MAPPING, selection);
      expect([res.status, res.body.fields], JSON.stringify(selection)).toEqual([400, { selection: M.noRowSelected }]);
    }
    expect(await imports()).toEqual([{ state: "failed" }, { state: "failed" }]);
    expect(await contactsOf(c.id)).toEqual([]);
  });

  it("keeps the file limits: a sheet past the row limit is refused whatever its mapping", async () => {
    const c = await company();
    const lines = ["a;b"];
    for (let i = 0; i < 20_001; i++) lines.push(`Pessoa ${i};${5511800000000 + i}`);
    const res = await upload(c.token, "grande.csv", lines.join("\n"), { name: 0, number: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ file: "At most 20000 rows per file" });
    // The preview refuses it too, before anything is mapped.
    const seen = await preview(c.token, "grande.csv", lines.join("\n"));
    expect([seen.status, seen.body.fields]).toEqual([400, { file: "At most 20000 rows per file" }]);
    expect(await contactsOf(c.id)).toEqual([]);
  });
});
