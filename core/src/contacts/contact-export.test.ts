import { describe, expect, it } from "vitest";
import { buildTag, tagContact } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { csvCell, EXPORT_PAGE_SIZE } from "./export-contacts.ts";
import { parseDelimited } from "./spreadsheet.ts";

const core = coreForFile();

/** A company of its own per test, with its admin signed in. */
async function company() {
  const pool = core.db.pool;
  const c = await buildCompany(pool);
  const admin = await buildUser(pool, { companyId: c.id, profile: "admin" });
  return { id: c.id, admin: (await core.login(admin.email, admin.password)).token };
}

async function download(token: string, query = "") {
  const res = await fetch(`${core.url}/contacts/export${query}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) };
}

describe("#contacts.export", () => {
  it("gives an admin a CSV of the company's contacts by name, with their tags, that Excel reads as UTF-8", async () => {
    const c = await company();
    const pool = core.db.pool;
    const vip = await buildTag(pool, { companyId: c.id, name: "VIP" });
    const lead = await buildTag(pool, { companyId: c.id, name: "Lead" });
    const bia = await buildContact(pool, { companyId: c.id, name: "bia", number: "5511900000002" });
    await buildContact(pool, { companyId: c.id, name: "Alvarenga", number: "5511900000001" });
    await buildContact(pool, { companyId: c.id, name: "Carlão", number: "5511900000003" });
    await tagContact(pool, { companyId: c.id, contactId: bia.id, tagId: vip.id });
    await tagContact(pool, { companyId: c.id, contactId: bia.id, tagId: lead.id });
    // Another company's contact never shows.
    const other = await buildCompany(pool);
    await buildContact(pool, { companyId: other.id, name: "Alheio", number: "5511900000009" });

    const res = await download(c.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="?contatos\.csv"?$/);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseDelimited(res.text)).toEqual([
      ["name", "number", "email", "tags"],
      ["Alvarenga", "5511900000001", "", ""],
      ["bia", "5511900000002", "", "Lead, VIP"],
      ["Carlão", "5511900000003", "", ""],
    ]);
  });

  it("applies the list's search and tag filters", async () => {
    const c = await company();
    const pool = core.db.pool;
    const vip = await buildTag(pool, { companyId: c.id, name: "VIP" });
    const ana = await buildContact(pool, { companyId: c.id, name: "Ana", number: "5511911110001" });
    await buildContact(pool, { companyId: c.id, name: "Anabela", number: "5511911110002" });
    await buildContact(pool, { companyId: c.id, name: "Bruno", number: "5511911110003" });
    await tagContact(pool, { companyId: c.id, contactId: ana.id, tagId: vip.id });

    const names = async (query: string) =>
      parseDelimited((await download(c.admin, query)).text)
        .slice(1)
        .map((r) => r[0]);
    expect(await names("?searchParam=ANA")).toEqual(["Ana", "Anabela"]);
    expect(await names(`?contactTag=${encodeURIComponent(JSON.stringify([vip.id]))}`)).toEqual(["Ana"]);
  });

  it("writes every contact across pages, in name order", async () => {
    const c = await company();
    const total = EXPORT_PAGE_SIZE + 3;
    await core.db.pool.query(
      `INSERT INTO contacts (company_id, name, number)
       SELECT $1, 'Contato ' || lpad(i::text, 5, '0'), (5511800000000 + i)::text FROM generate_series(1, $2) AS i`,
      [c.id, total],
    );
    const rows = parseDelimited((await download(c.admin)).text).slice(1);
    expect(rows).toHaveLength(total);
    expect(rows[0]?.[0]).toBe("Contato 00001");
    expect(rows.at(-1)?.[0]).toBe(`Contato ${String(total).padStart(5, "0")}`);
    expect(new Set(rows.map((r) => r[1])).size).toBe(total);
  });

  it("quotes commas, quotes and line breaks, and never writes a live formula", async () => {
    expect(csvCell("Silva, Ana")).toBe('"Silva, Ana"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+55 11")).toBe("'+55 11");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("Ana")).toBe("Ana");
    const c = await company();
    await buildContact(core.db.pool, { companyId: c.id, name: '=cmd|"/c calc"!A1', number: "5511922220001" });
    const [, row] = parseDelimited((await download(c.admin)).text);
    expect(row?.[0]).toBe(`'=cmd|"/c calc"!A1`);
  });

  it("is refused to a plain user (contacts-page:deleteContact) and to no session", async () => {
    const c = await company();
    const user = await buildUser(core.db.pool, { companyId: c.id, profile: "user" });
    const { token } = await core.login(user.email, user.password);
    const res = await core.api("GET", "/contacts/export", { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect((await core.api("GET", "/contacts/export")).status).toBe(401);
  });

  it("answers 400 for a bad filter", async () => {
    const c = await company();
    const res = await core.api("GET", "/contacts/export?contactTag=abc", { token: c.admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
  });

  it("exports a file the spreadsheet import takes back whole", async () => {
    const c = await company();
    const pool = core.db.pool;
    const vip = await buildTag(pool, { companyId: c.id, name: "VIP" });
    const ana = await buildContact(pool, { companyId: c.id, name: "Ana, a primeira", number: "5511933330001" });
    await buildContact(pool, { companyId: c.id, name: "Bruno", number: "5511933330002" });
    await tagContact(pool, { companyId: c.id, contactId: ana.id, tagId: vip.id });
    const file = await download(c.admin);

    const target = await company();
    const form = new FormData();
    form.append("file", new Blob([file.bytes]), "contatos.csv");
    const res = await fetch(`${core.url}/contacts/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.admin}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ created: 2, ignored: 0 });
    const { rows } = await pool.query(
      `SELECT c.name, c.number, COALESCE((SELECT array_agg(t.name) FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
         AND t.company_id = ct.company_id WHERE ct.contact_id = c.id AND ct.company_id = c.company_id), '{}') AS tags
       FROM contacts c WHERE c.company_id = $1 ORDER BY c.number`,
      [target.id],
    );
    expect(rows).toEqual([
      { name: "Ana, a primeira", number: "5511933330001", tags: ["VIP"] },
      { name: "Bruno", number: "5511933330002", tags: [] },
    ]);
  }, 30_000);
});
