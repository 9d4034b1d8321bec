import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildTag, changesAfter, lastSeq, uploadContacts } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { parseDelimited } from "./spreadsheet.ts";

const core = coreForFile();

/** A company of its own per test, so counts are exact. */
async function company() {
  const pool = core.db.pool;
  const c = await buildCompany(pool);
  const u = await buildUser(pool, { companyId: c.id, profile: "user" });
  const { token } = await core.login(u.email, u.password);
  return { id: c.id, token };
}

const upload = (token: string, name: string, content: Buffer | string) => uploadContacts(core, token, name, content);

/** A sheet named Contatos as Excel 97-2003 saves it (BIFF8), its bytes a Buffer of their own. */
async function legacyXls(rows: (string | number)[][]): Promise<Buffer> {
  const XLSX = await import("@e965/xlsx");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return Buffer.from(XLSX.write(book, { bookType: "biff8", type: "buffer" }) as Buffer);
}

async function contactsOf(companyId: number) {
  const { rows } = await core.db.pool.query(
    `SELECT c.name, c.number, c.email,
       COALESCE((SELECT array_agg(t.name ORDER BY t.name) FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
         WHERE ct.contact_id = c.id), '{}') AS tags
     FROM contacts c WHERE c.company_id = $1 ORDER BY c.number`,
    [companyId],
  );
  return rows;
}

describe("parseDelimited", () => {
  it("reads ';', ',' and tab separated text with quoted cells", () => {
    expect(parseDelimited('nome;numero\r\n"Silva; Ana";5511\n')).toEqual([
      ["nome", "numero"],
      ["Silva; Ana", "5511"],
    ]);
    expect(parseDelimited('\uFEFFname,number\n"Say ""hi""",1\n\n')).toEqual([
      ["name", "number"],
      ['Say "hi"', "1"],
    ]);
    expect(parseDelimited("name\tnumber\nAna\t2")).toEqual([
      ["name", "number"],
      ["Ana", "2"],
    ]);
  });
});

describe("#contacts.upload", () => {
  it("creates the contacts of a CSV, skipping duplicates and rows missing a name or number", async () => {
    const c = await company();
    await buildContact(core.db.pool, { companyId: c.id, number: "5511900000001", name: "Already here" });
    const before = await lastSeq(core.db.pool, c.id);
    const csv = [
      "Nome;Número;E-mail;Tags",
      "Ana Lima;+55 (11) 90000-0002;ana@x.com;VIP, Novos",
      "Bruno;5511900000003;not-an-email;",
      "Duplicada;5511900000001;;",
      ";5511900000004;;",
      "Sem Numero;;;",
      "Bruno de novo;55 11 900000003;;",
    ].join("\n");
    const res = await upload(c.token, "contatos.csv", csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, ignored: 4 });
    expect(await contactsOf(c.id)).toEqual([
      { name: "Already here", number: "5511900000001", email: "", tags: [] },
      { name: "Ana Lima", number: "5511900000002", email: "ana@x.com", tags: ["Novos", "VIP"] },
      { name: "Bruno", number: "5511900000003", email: "", tags: [] },
    ]);
    expect(await changesAfter(core.db.pool, c.id, before)).toHaveLength(2);
  });

  it("reads an xlsx sheet by its header names and reuses existing tags", async () => {
    const c = await company();
    const vip = await buildTag(core.db.pool, { companyId: c.id, name: "VIP" });
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet("Contatos");
    sheet.addRow(["Email", "Name", "Number", "Tags"]);
    sheet.addRow(["carla@x.com", "Carla", 5511900000010, "vip"]);
    sheet.addRow(["", "Davi", "5511900000011", ""]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(c.token, "contatos.xlsx", buffer);
    expect(res.body).toEqual({ created: 2, ignored: 0 });
    expect(await contactsOf(c.id)).toEqual([
      { name: "Carla", number: "5511900000010", email: "carla@x.com", tags: ["VIP"] },
      { name: "Davi", number: "5511900000011", email: "", tags: [] },
    ]);
    const { rows } = await core.db.pool.query("SELECT id FROM tags WHERE company_id = $1", [c.id]);
    expect(rows).toEqual([{ id: vip.id }]);
  });

  it("accepts a txt file and an .xls that is really an xlsx", async () => {
    const c = await company();
    expect((await upload(c.token, "lista.txt", "name,number\nEva,5511900000020\n")).body).toEqual({
      created: 1,
      ignored: 0,
    });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("x").addRow(["nome", "telefone"]);
    wb.getWorksheet("x")!.addRow(["Fábio", "5511900000021"]);
    const xls = await upload(c.token, "antiga.xls", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(xls.body).toEqual({ created: 1, ignored: 0 });
  });

  it("reads a legacy binary .xls (BIFF8) sheet", async () => {
    const c = await company();
    const bytes = await legacyXls([
      ["Nome", "Número", "E-mail"],
      ["Gabi", 5511900000031, "gabi@example.com"],
      ["", "", ""],
      ["Hugo", "5511900000032", ""],
      ["Sem número", "", ""],
    ]);
    // A real OLE2 compound file, as Excel 97-2003 saves it.
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const res = await upload(c.token, "contatos.xls", bytes);
    expect(res.body).toEqual({ created: 2, ignored: 1 });
    expect((await contactsOf(c.id)).map((x) => x.number).sort()).toEqual(["5511900000031", "5511900000032"]);
  });

  it("reads a legacy .xls by the cells it holds, whatever size it claims", async () => {
    const c = await company();
    const bytes = await legacyXls([
      ["name", "number"],
      ["Iris", "5511900000041"],
    ]);
    // BIFF8 DIMENSIONS record (0x0200, 14 bytes): claim 2^31 rows and 65,535 columns. Read by its claim, the
    // sheet would hold the event loop for minutes (the test's time limit fails it long before).
    const at = bytes.indexOf(Buffer.from([0x00, 0x02, 0x0e, 0x00]));
    expect(at).toBeGreaterThan(0);
    bytes.writeUInt32LE(0x7fffffff, at + 8);
    bytes.writeUInt16LE(0xffff, at + 14);
    const res = await upload(c.token, "gigante.xls", bytes);
    expect(res.body).toEqual({ created: 1, ignored: 0 });
  });

  it("refuses other file types, a missing file, and sheets without name or number columns", async () => {
    const c = await company();
    const pdf = await upload(c.token, "contatos.pdf", "%PDF-1.4");
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toBe("ERR_VALIDATION");
    const noNumber = await upload(c.token, "c.csv", "name;email\nAna;a@x.com\n");
    expect(noNumber.status).toBe(400);
    expect(Object.keys(noNumber.body.fields)).toEqual(["number"]);
    const legacy = await upload(c.token, "c.xls", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]));
    expect(legacy.status).toBe(400);
    const none = await fetch(`${core.url}/contacts/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.token}` },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await contactsOf(c.id)).toEqual([]);
  });

  it("keeps exceljs out of memory until a spreadsheet is read", async () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(${JSON.stringify(`${root}/`)});
      const loaded = () => Object.keys(require.cache).some((k) => k.includes("/node_modules/exceljs/"));
      await import(${JSON.stringify(`${root}/core/src/http/routes.ts`)});
      const atStart = loaded();
      const { readSheetRows } = await import(${JSON.stringify(`${root}/core/src/contacts/sheet-rows.ts`)});
      const { writeFileSync, mkdtempSync } = await import("node:fs");
      const file = mkdtempSync("/tmp/chatflow-sheet-") + "/a.xlsx";
      writeFileSync(file, Buffer.from("PK\\u0003\\u0004"));
      try { for await (const _ of readSheetRows(file, "a.xlsx")); } catch {}
      console.log(JSON.stringify({ atStart, afterUpload: loaded() }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
    });
    expect(JSON.parse(stdout)).toEqual({ atStart: false, afterUpload: true });
  });
});

describe("#contactsImport", () => {
  it("creates one contact with its tags, creating missing tags by name", async () => {
    const c = await company();
    await buildTag(core.db.pool, { companyId: c.id, name: "Clientes" });
    const res = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Gil", number: "55 11 90000-0030", email: "GIL@x.com", tags: "clientes, Black Friday" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Gil", number: "5511900000030", email: "gil@x.com" });
    expect(await contactsOf(c.id)).toEqual([
      { name: "Gil", number: "5511900000030", email: "gil@x.com", tags: ["Black Friday", "Clientes"] },
    ]);
  });

  it("answers 409 for a number the company has, and 400 for a row missing its name or number", async () => {
    const c = await company();
    await buildContact(core.db.pool, { companyId: c.id, number: "5511900000040", name: "Old" });
    const dup = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "New", number: "5511900000040" },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_DUPLICATED_CONTACT");
    const noName = await core.api("POST", "/contactsImport", { token: c.token, body: { number: "5511900000041" } });
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toBe("Required");
    const noNumber = await core.api("POST", "/contactsImport", { token: c.token, body: { name: "Ana" } });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.fields.number).toBe("Required");
    expect(await contactsOf(c.id)).toHaveLength(1);
  });

  it("checks the number's format when validateContact is true", async () => {
    const c = await company();
    const bad = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Ivo", number: "012345678", validateContact: "true" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_WAPP_INVALID_CONTACT");
    const unchecked = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Ivo", number: "012345678", validateContact: false },
    });
    expect(unchecked.status).toBe(200);
    const good = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Jo", number: "5511900000050", validateContact: true },
    });
    expect(good.status).toBe(200);
  });

  it("asks WhatsApp through a connected QR connection, and says it could not check when none answers", async () => {
    const c = await company();
    await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp", status: "CONNECTED" });
    // No channel worker holds the connection here: nobody answers within the wait (decision 0122).
    const res = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Lia", number: "5511900000060", validateContact: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_WAPP_CHECK_CONTACT");
    expect(await contactsOf(c.id)).toEqual([]);
    // Without validateContact nothing is asked.
    const plain = await core.api("POST", "/contactsImport", {
      token: c.token,
      body: { name: "Lia", number: "5511900000060" },
    });
    expect(plain.status).toBe(200);
  });
});
