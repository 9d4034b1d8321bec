// The spreadsheet import against real cores: one that answers small files at once (200 with
// the counts) and one that always answers 202, so the job is followed until it ends.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { buildCompany, buildContact, buildUser, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import type { TestCore } from "@chatflow/core/testing/test-core.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.ts";
import { createApiClient } from "../api/http.ts";
import {
  checkImportFile,
  type ImportJob,
  type ImportProgress,
  importFromPhone,
  importSpreadsheet,
  readSheetPreview,
} from "./import-job.ts";
import { checkMapping, chooseColumn, toggleExtra } from "./import-mapping.ts";

const quick = coreForFile();
const slow = coreForFile({ importWaitMs: 0 });

/** A fresh company's signed-in user on `core`, and the import's dependencies wired to it. */
async function importer(core: TestCore) {
  const company = await buildCompany(core.db.pool);
  const user = await buildUser(core.db.pool, { companyId: company.id, profile: "user" });
  const { token } = await core.login(user.email, user.password);
  const api = createApiClient({
    baseUrl: core.url,
    getToken: () => token,
    refreshToken: async () => null,
    onSessionExpired: () => undefined,
  });
  const uploads: number[] = [];
  const deps = {
    upload: async (form: FormData, onProgress: (f: number) => void) => {
      const res = await fetch(`${core.url}/contacts/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      onProgress(1);
      uploads.push(res.status);
      const body = await res.json();
      if (!res.ok) throw new ApiError(res.status, body as ErrorBody);
      return { status: res.status, body };
    },
    job: (id: number) => api.get<ImportJob>(`/contacts/upload/${id}`),
    preview: async (form: FormData, onProgress: (f: number) => void) => {
      const res = await fetch(`${core.url}/contacts/upload/preview`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      onProgress(1);
      const body = await res.json();
      if (!res.ok) throw new ApiError(res.status, body as ErrorBody);
      return { status: res.status, body };
    },
    pollMs: 50,
  };
  return { companyId: company.id, deps, uploads, api };
}

const csv = (rows: string[]) => new File([["nome;numero;email;tags", ...rows].join("\n")], "contatos.csv");

describe("#contacts.import", { timeout: 30_000 }, () => {
  it("checks the file before sending it: type and size (spec 1 §5)", () => {
    expect(checkImportFile({ name: "lista.XLSX", size: 100 })).toBeNull();
    expect(checkImportFile({ name: "lista.txt", size: 100 })).toBeNull();
    expect(checkImportFile({ name: "lista.pdf", size: 100 })).toBe("type");
    expect(checkImportFile({ name: "lista.csv", size: 10 * 1024 * 1024 + 1 })).toBe("size");
  });

  it("ends with the counts of created and ignored rows when core answers at once", async () => {
    const { companyId, deps, uploads } = await importer(quick);
    const steps: ImportProgress["phase"][] = [];
    const end = await importSpreadsheet(
      csv(["Ana;5511987650001;ana@example.com;VIP", "Sem número;;", "Bruno;(55) 11 98765-0002;;"]),
      deps,
      (p) => steps.push(p.phase),
    );
    expect(end).toEqual({ phase: "finished", created: 2, ignored: 1 });
    expect(uploads).toEqual([200]);
    expect(steps[0]).toBe("uploading");
    expect(steps.at(-1)).toBe("finished");
    const { rows } = await quick.db.pool.query(
      "SELECT name, number FROM contacts WHERE company_id = $1 ORDER BY name",
      [companyId],
    );
    expect(rows).toEqual([
      { name: "Ana", number: "5511987650001" },
      { name: "Bruno", number: "5511987650002" },
    ]);
  });

  it("follows a job core answered with 202 until it ends", async () => {
    const { companyId, deps, uploads } = await importer(slow);
    const rows = Array.from({ length: 300 }, (_, i) => `Contato ${i};55119${String(10000000 + i)};;`);
    const seen: ImportProgress[] = [];
    const end = await importSpreadsheet(csv(rows), deps, (p) => seen.push(p));
    expect(uploads).toEqual([202]);
    expect(end).toEqual({ phase: "finished", created: 300, ignored: 0 });
    expect(seen.some((p) => p.phase === "processing")).toBe(true);
    const { rows: count } = await slow.db.pool.query("SELECT count(*)::int AS n FROM contacts WHERE company_id = $1", [
      companyId,
    ]);
    expect(count[0].n).toBe(300);
  });

  it("ends failed with core's field messages when a column is missing, and imports nothing", async () => {
    const { companyId, deps } = await importer(slow);
    const end = await importSpreadsheet(new File(["nome;email\nAna;a@b.co\n"], "sem-numero.csv"), deps, () => {});
    expect(end.phase).toBe("failed");
    if (end.phase !== "failed") return;
    expect(end.error?.fields).toEqual({ number: "Coluna de número não encontrada" });
    const { rows } = await slow.db.pool.query("SELECT count(*)::int AS n FROM contacts WHERE company_id = $1", [
      companyId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("previews a sheet with headers it does not know, then imports it by the admin's mapping", async () => {
    const { companyId, deps } = await importer(quick);
    const file = new File(
      ["Cliente;Contato principal;Loja\nAna;5511987650101;Centro\nBruno;5511987650102;\n"],
      "crm.csv",
    );
    const read = await readSheetPreview(file, deps, () => {});
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.preview.header).toEqual(["Cliente", "Contato principal", "Loja"]);
    expect(read.preview.rows).toHaveLength(2);
    expect(read.preview.guess).toEqual({ name: null, number: null, email: null, tags: null, extra: [] });
    // The admin's choices, checked as the step checks them.
    let draft = chooseColumn(read.preview.guess, "name", 0);
    expect(checkMapping(draft)).toEqual({ ok: false, errors: { number: "Selecione a coluna do número" } });
    draft = toggleExtra(chooseColumn(draft, "number", 1), 2, true);
    const checked = checkMapping(draft);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const end = await importSpreadsheet(file, deps, () => {}, checked.mapping);
    expect(end).toEqual({ phase: "finished", created: 2, ignored: 0 });
    const { rows } = await quick.db.pool.query(
      `SELECT name, number, extra_info AS "extraInfo" FROM contacts WHERE company_id = $1 ORDER BY name`,
      [companyId],
    );
    expect(rows).toEqual([
      { name: "Ana", number: "5511987650101", extraInfo: [{ id: 1, name: "Loja", value: "Centro" }] },
      { name: "Bruno", number: "5511987650102", extraInfo: [] },
    ]);
  });

  it("answers an unreadable file from the preview with core's message", async () => {
    const { deps } = await importer(quick);
    const read = await readSheetPreview(new File(["\n\n"], "vazia.csv"), deps, () => {});
    expect(read).toMatchObject({
      ok: false,
      error: { error: "ERR_VALIDATION", fields: { file: "A planilha está vazia" } },
    });
  });
});

describe("#contacts.importFromPhone", { timeout: 30_000 }, () => {
  /** A connected WhatsApp-by-QR connection whose phone told three contacts (the worker's rows; decision 0112). */
  async function phoneOf(core: TestCore, companyId: number) {
    const wa = await buildWhatsapp(core.db.pool, { companyId, channel: "whatsapp", status: "CONNECTED" });
    await core.db.pool.query(
      `INSERT INTO phone_contacts (company_id, whatsapp_id, number, name, notify) VALUES
         ($1, $2, '5511976542001', 'Lara', NULL), ($1, $2, '5511976542002', NULL, 'Mauro'),
         ($1, $2, '5511976542003', 'Nina', NULL)`,
      [companyId, wa.id],
    );
    await buildContact(core.db.pool, { companyId, number: "5511976542003" });
    return wa.id;
  }

  for (const [name, core] of [
    ["at once", quick],
    ["through the job core answered with 202", slow],
  ] as const) {
    it(`ends with the counts of created and ignored contacts, ${name}`, async () => {
      const { companyId, deps, api } = await importer(core);
      const whatsappId = await phoneOf(core, companyId);
      const steps: ImportProgress["phase"][] = [];
      const start = (id: number) => api.post<unknown>("/contacts/import", { whatsappId: id });
      const end = await importFromPhone(whatsappId, { ...deps, start }, (p) => steps.push(p.phase));
      expect(end).toEqual({ phase: "finished", created: 2, ignored: 1 });
      expect(steps[0]).toBe("processing");
      expect(steps.at(-1)).toBe("finished");
    });
  }

  it("ends failed with core's error for a connection that is not connected", async () => {
    const { companyId, deps, api } = await importer(quick);
    const wa = await buildWhatsapp(quick.db.pool, { companyId, channel: "whatsapp", status: "DISCONNECTED" });
    const start = (id: number) => api.post<unknown>("/contacts/import", { whatsappId: id });
    const end = await importFromPhone(wa.id, { ...deps, start }, () => {});
    expect(end).toMatchObject({ phase: "failed", error: { error: "ERR_WAPP_NOT_INITIALIZED" } });
  });
});
