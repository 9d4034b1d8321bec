// The calls of spec 3 §7 Contact lists: lists and items with the §5 rules, search, pages and counts, the
// .xls/.xlsx import through the contacts import's worker threads, the profile and the plan flag useCampaigns.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { CONTACT_LISTS_PAGE_SIZE } from "../contract/contact-lists.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { listsChangedBy } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { companyWithStaff } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const { companyId, admin, agent } = await companyWithStaff(core);
  return { companyId, admin: admin.token, agent: agent.token };
});

async function createList(name: string, token = w.admin) {
  const res = await core.api("POST", "/contact-lists", { token, body: { name } });
  expect(res.status).toBe(200);
  return res.body as { id: number; name: string; contactsCount: number };
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contatos");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(listId: number, name: string, content: Buffer, token = w.admin) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${core.url}/contact-lists/${listId}/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe("#contact-lists", () => {
  it("creates, reads, searches, renames and deletes lists, each with its contact count", async () => {
    const list = await createList("Clientes VIP");
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0 });
    await createList("Fornecedores");
    const found = await core.api("GET", "/contact-lists?searchParam=vip", { token: w.admin });
    expect(found.body).toMatchObject({ count: 1, hasMore: false, records: [{ id: list.id, name: "Clientes VIP" }] });
    const renamed = await core.api("PUT", `/contact-lists/${list.id}`, { token: w.admin, body: { name: " VIPs " } });
    expect(renamed.body).toMatchObject({ id: list.id, name: "VIPs" });
    const picker = await core.api("GET", "/contact-lists/list", { token: w.admin });
    expect(picker.body.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(["VIPs", "Fornecedores"]));
    const item = await core.api("POST", "/contact-list-items", {
      token: w.admin,
      body: { contactListId: list.id, name: "Ana", number: "+55 (11) 99999-0001", email: "ANA@x.com" },
    });
    expect(item.body).toMatchObject({
      name: "Ana",
      number: "5511999990001",
      email: "ana@x.com",
      isWhatsappValid: true,
    });
    expect((await core.api("GET", `/contact-lists/${list.id}`, { token: w.admin })).body.contactsCount).toBe(1);
    const gone = await core.api("DELETE", `/contact-lists/${list.id}`, { token: w.admin });
    expect(gone.status).toBe(200);
    expect((await core.api("GET", `/contact-lists/${list.id}`, { token: w.admin })).body.error).toBe("ERR_NOT_FOUND");
    const rows = await core.db.pool.query("SELECT 1 FROM contact_list_items WHERE company_id = $1 AND id = $2", [
      w.companyId,
      item.body.id,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it("answers the §5 messages and writes nothing on bad input", async () => {
    const short = await core.api("POST", "/contact-lists", { token: w.admin, body: { name: "a" } });
    expect(short.body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Too Short!" } });
    const list = await createList("Validação");
    const bad = await core.api("POST", "/contact-list-items", {
      token: w.admin,
      body: { contactListId: list.id, name: "", number: "123", email: "nope" },
    });
    expect(bad.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { name: "Required", number: "Too Short!", email: "Invalid email" },
    });
    const body = { contactListId: list.id, name: "Bia", number: "5511988887777" };
    expect((await core.api("POST", "/contact-list-items", { token: w.admin, body })).status).toBe(200);
    const twice = await core.api("POST", "/contact-list-items", { token: w.admin, body });
    expect(twice.body).toMatchObject({ error: "ERR_VALIDATION", fields: { number: "Number already in the list" } });
    expect((await core.api("GET", `/contact-lists/${list.id}`, { token: w.admin })).body.contactsCount).toBe(1);
  });

  it("pages and searches a list's items, and edits and deletes one", async () => {
    const list = await createList("Muitos");
    const n = CONTACT_LISTS_PAGE_SIZE + 5;
    await core.db.pool.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
       SELECT $1, $2, 'Pessoa ' || lpad(g::text, 3, '0'), (5511900000000 + g)::text FROM generate_series(1, $3) g`,
      [w.companyId, list.id, n],
    );
    const first = await core.api("GET", `/contact-list-items?contactListId=${list.id}`, { token: w.admin });
    expect(first.body).toMatchObject({ count: n, hasMore: true });
    expect(first.body.contacts).toHaveLength(CONTACT_LISTS_PAGE_SIZE);
    const second = await core.api("GET", `/contact-list-items?contactListId=${list.id}&pageNumber=2`, {
      token: w.admin,
    });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.contacts).toHaveLength(5);
    const search = await core.api("GET", `/contact-list-items?contactListId=${list.id}&searchParam=pessoa%20007`, {
      token: w.admin,
    });
    expect(search.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Pessoa 007"]);
    const id = search.body.contacts[0].id;
    await core.db.pool.query(
      "UPDATE contact_list_items SET is_whatsapp_valid = false, whatsapp_checked_at = now() WHERE id = $1",
      [id],
    );
    const checkedAt = async () =>
      (await core.db.pool.query("SELECT whatsapp_checked_at FROM contact_list_items WHERE id = $1", [id])).rows[0]
        .whatsapp_checked_at as Date | null;
    const same = await core.api("PUT", `/contact-list-items/${id}`, {
      token: w.admin,
      body: { name: "Sete", number: "5511900000007" },
    });
    expect(same.body).toMatchObject({ name: "Sete", isWhatsappValid: false });
    expect(await checkedAt()).not.toBeNull();
    // A new number has not been refused yet (decision 0076).
    const moved = await core.api("PUT", `/contact-list-items/${id}`, {
      token: w.admin,
      body: { name: "Sete", number: "5511977770007" },
    });
    expect(moved.body).toMatchObject({ number: "5511977770007", isWhatsappValid: true });
    // ...nor asked about: a WhatsApp-by-QR campaign asks WhatsApp about it before it sends (decision 0120).
    expect(await checkedAt()).toBeNull();
    expect((await core.api("DELETE", `/contact-list-items/${id}`, { token: w.admin })).status).toBe(200);
    expect((await core.api("GET", `/contact-list-items/${id}`, { token: w.admin })).body.error).toBe("ERR_NOT_FOUND");
  });

  it("imports an .xlsx into the list in a worker thread, skipping repeated and bad rows", async () => {
    const list = await createList("Importada");
    await core.api("POST", "/contact-list-items", {
      token: w.admin,
      body: { contactListId: list.id, name: "Já estava", number: "5511911110000" },
    });
    const file = await sheet([
      ["Nome", "Número", "Email"],
      ["Carla", 5511911110001, "carla@x.com"],
      ["Davi", "5511911110002", "nada"],
      ["Já estava", "5511911110000", ""],
      ["Carla de novo", 5511911110001, ""],
      ["", "5511911110003", ""],
    ]);
    const res = await upload(list.id, "lista.xlsx", file);
    expect(res).toEqual({ status: 200, body: { created: 2, ignored: 3 } });
    const items = await core.api("GET", `/contact-list-items?contactListId=${list.id}`, { token: w.admin });
    expect(items.body.contacts.map((c: { name: string; email: string }) => [c.name, c.email])).toEqual([
      ["Carla", "carla@x.com"],
      ["Davi", ""],
      ["Já estava", ""],
    ]);
    // The company's contacts are untouched: the rows went to the list only.
    const contacts = await core.db.pool.query("SELECT 1 FROM contacts WHERE company_id = $1 AND number = $2", [
      w.companyId,
      "5511911110001",
    ]);
    expect(contacts.rowCount).toBe(0);
  });

  it("takes only .xls and .xlsx, and another company's list answers 404", async () => {
    const list = await createList("Formatos");
    const csv = await upload(list.id, "lista.csv", Buffer.from("nome;numero\nA;5511911112222\n"));
    expect(csv.body).toMatchObject({ error: "ERR_VALIDATION", fields: { file: expect.any(String) } });
    const other = (await buildCompany(core.db.pool)).id;
    const theirs = await core.db.pool.query(
      "INSERT INTO contact_lists (company_id, name) VALUES ($1, 'Deles') RETURNING id",
      [other],
    );
    const res = await upload(
      theirs.rows[0].id,
      "lista.xlsx",
      await sheet([
        ["Nome", "Número"],
        ["A", "5511911113333"],
      ]),
    );
    expect(res.body.error).toBe("ERR_NOT_FOUND");
    const imports = await core.db.pool.query("SELECT 1 FROM contact_imports WHERE contact_list_id = $1", [
      theirs.rows[0].id,
    ]);
    expect(imports.rowCount).toBe(0);
  });

  it("tells the devices of the company that the lists changed", async () => {
    const changed = await listsChangedBy(core, w.admin, () => createList("Ao vivo"));
    expect(changed).toEqual(expect.arrayContaining(["contactLists"]));
  });

  it("refuses a profile user, and a plan without useCampaigns with the spec's text", async () => {
    for (const path of ["/contact-lists", "/contact-lists/list", "/contact-list-items?contactListId=1"]) {
      const res = await core.api("GET", path, { token: w.agent });
      expect(res.body.error, path).toBe("ERR_NO_PERMISSION");
    }
    expect((await core.api("POST", "/contact-lists", { token: w.agent, body: { name: "Nope" } })).status).toBe(403);
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const admin = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const plan = await pool.query(
      "INSERT INTO plans (name, use_campaigns) VALUES ('Sem campanhas', false) RETURNING id",
    );
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0].id]);
    const { token } = await core.login(admin.email, admin.password);
    const res = await core.api("POST", "/contact-lists", { token, body: { name: "x" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
    );
  });
});
