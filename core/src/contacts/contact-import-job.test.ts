import { createWriteStream } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { uploadContacts } from "../testing/contacts-factories.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile, forFile, tmpDirForFile } from "../testing/test-world.ts";
import { ContactImportRunner } from "./contact-import-runner.ts";
import { createImport, findImport } from "./contact-import-store.ts";
import { MAX_IMPORT_ROWS } from "./import-rows.ts";

// Every upload answers 202 at once, so the job's progress can be watched.
const core = coreForFile({ importWaitMs: 0 });

const dir = tmpDirForFile("chatflow-import-");
const big = forFile(
  async () => {
    // 1,000,000 rows in 10 bytes each: under the 10 MB upload limit.
    const csv = path.join(dir.path, "million.csv");
    const lines = ["nome;numero"];
    for (let i = 0; i < 1_000_000; i++) lines.push(`a;${1_000_000 + i}`);
    await writeFile(csv, `${lines.join("\n")}\n`);
    // 200,000 rows through exceljs's streaming writer (shared strings after the sheet, as Excel writes them).
    const xlsx = path.join(dir.path, "big.xlsx");
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: true, useStyles: false });
    const ws = wb.addWorksheet("Contatos");
    ws.addRow(["Nome", "Número"]).commit();
    for (let i = 0; i < 200_000; i++) ws.addRow([`Contato ${i % 1000}`, 5511900000000 + i]).commit();
    ws.commit();
    await wb.commit();
    return { csv, xlsx };
  },
  { timeout: 120_000 },
);

async function company() {
  const pool = core.db.pool;
  const c = await buildCompany(pool);
  const u = await buildUser(pool, { companyId: c.id, profile: "user" });
  const { token } = await core.login(u.email, u.password);
  return { id: c.id, userId: u.id, token };
}

const upload = (token: string, name: string, content: Buffer | string) => uploadContacts(core, token, name, content);

/** Polls the job until it ends, keeping every answer seen on the way. */
async function watch(token: string, id: number) {
  const seen: Array<{ state: string; rowsRead: number }> = [];
  for (;;) {
    const res = await core.api("GET", `/contacts/upload/${id}`, { token });
    expect(res.status).toBe(200);
    seen.push({ state: res.body.state, rowsRead: res.body.rowsRead });
    if (res.body.state === "finished" || res.body.state === "failed") return { last: res.body, seen };
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Samples this process's RSS (core runs in it, worker threads included) until stopped. */
function rssSampler() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return (Math.max(peak, process.memoryUsage().rss) - start) / 2 ** 20;
    },
  };
}

describe("#contacts.upload as a job", () => {
  it("refuses a million-row csv at the row limit, reading no more than the limit, with bounded memory", async () => {
    const c = await company();
    const rss = rssSampler();
    const res = await upload(c.token, "million.csv", await readFile(big.csv));
    expect(res.status).toBe(202);
    expect(res.location).toBe(`/contacts/upload/${res.body.id}`);
    const { last } = await watch(c.token, res.body.id);
    const growthMb = rss.stop();
    expect(last).toMatchObject({
      state: "failed",
      rowsRead: MAX_IMPORT_ROWS + 1,
      created: 0,
      error: { error: "ERR_VALIDATION", message: `At most ${MAX_IMPORT_ROWS} rows per file` },
    });
    // Parsed whole in core's thread this file took ~1 GB; the worker's heap is capped at 128 MB.
    expect(growthMb).toBeLessThan(250);
    const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM contacts WHERE company_id = $1", [c.id]);
    expect(rows[0].n).toBe(0);
  }, 60_000);

  it("reads a large xlsx row by row off core's thread: progress moves, other companies are answered, the limit stops it", async () => {
    const c = await company();
    const other = await company();
    const rss = rssSampler();
    const res = await upload(c.token, "big.xlsx", await readFile(big.xlsx));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: expect.any(Number), state: expect.stringMatching(/queued|running/) });
    // While the sheet is read, another company's calls are answered at once.
    const slowest = { ms: 0, during: 0 };
    let done = false;
    const probe = (async () => {
      while (!done) {
        const t0 = performance.now();
        const list = await core.api("GET", "/contacts", { token: other.token });
        expect(list.status).toBe(200);
        const { rows } = await core.db.pool.query("SELECT state FROM contact_imports WHERE id = $1", [res.body.id]);
        if (rows[0].state === "running") {
          slowest.ms = Math.max(slowest.ms, performance.now() - t0);
          slowest.during++;
        }
      }
    })();
    const { last, seen } = await watch(c.token, res.body.id);
    done = true;
    await probe;
    const growthMb = rss.stop();
    expect(last).toMatchObject({
      state: "failed",
      rowsRead: MAX_IMPORT_ROWS + 1,
      error: { message: `At most ${MAX_IMPORT_ROWS} rows per file`, fields: { file: expect.any(String) } },
    });
    expect(seen.some((s) => s.state === "running" && s.rowsRead > 0 && s.rowsRead <= MAX_IMPORT_ROWS)).toBe(true);
    expect(slowest.during).toBeGreaterThan(0);
    // Read in core's thread, this sheet held every request for seconds; the bound leaves room for a busy CI.
    expect(slowest.ms).toBeLessThan(1_000);
    expect(growthMb).toBeLessThan(250);
  }, 120_000);

  it("ends with the counts, and a second upload while one runs is refused", async () => {
    const c = await company();
    const rows = ["nome;numero", ...Array.from({ length: 5_000 }, (_, i) => `Pessoa ${i};${5511800000000 + i}`), ";1"];
    const first = await upload(c.token, "ok.csv", rows.join("\n"));
    expect(first.status).toBe(202);
    const second = await upload(c.token, "again.csv", "nome;numero\nAna;5511900000001\n");
    // The first may have ended already on a fast machine; then the second runs.
    if (second.status === 409) {
      expect(second.body).toMatchObject({ error: "ERR_IMPORT_IN_PROGRESS", data: { importId: first.body.id } });
    } else expect(second.status).toBe(202);
    const { last } = await watch(c.token, first.body.id);
    expect(last).toMatchObject({ state: "finished", rowsRead: 5_001, created: 5_000, ignored: 1, error: null });
    expect(last.finishedAt).toEqual(expect.any(String));
  }, 60_000);

  it("refuses the second upload while the first is still running", async () => {
    const c = await company();
    const first = await upload(c.token, "big.xlsx", await readFile(big.xlsx));
    const second = await upload(c.token, "again.csv", "nome;numero\nAna;5511900000001\n");
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: "ERR_IMPORT_IN_PROGRESS", data: { importId: first.body.id } });
    await watch(c.token, first.body.id);
    const third = await upload(c.token, "again.csv", "nome;numero\nAna;5511900000001\n");
    expect(third.status).toBe(202);
    expect((await watch(c.token, third.body.id)).last).toMatchObject({ state: "finished", created: 1 });
  }, 120_000);

  it("shows an import only to its company", async () => {
    const c = await company();
    const other = await company();
    const res = await upload(c.token, "one.csv", "nome;numero\nAna;5511900000001\n");
    await watch(c.token, res.body.id);
    const foreign = await core.api("GET", `/contacts/upload/${res.body.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_IMPORT_FOUND");
    const unknown = await core.api("GET", "/contacts/upload/999999", { token: c.token });
    expect(unknown.status).toBe(404);
  }, 30_000);
});

describe("#contacts.upload after a restart", () => {
  const tmp = tmpDirForFile("chatflow-runner-");

  it("marks failed an import whose process stopped, never leaving it running", async () => {
    const c = await company();
    const pool = core.db.pool;
    // Stopped mid-import: the stopping process ends its own imports.
    const runner = new ContactImportRunner(pool, { workers: 1, tmpDir: tmp.path });
    const job = await createImport(pool, c.id, c.userId, "big.xlsx");
    const file = path.join(tmp.path, "copy.xlsx");
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(file);
      out.on("finish", resolve).on("error", reject);
      readFile(big.xlsx).then((b) => out.end(b), reject);
    });
    const outcome = runner.run({ id: job.id, companyId: c.id, path: file, originalname: "big.xlsx" });
    while ((await findImport(pool, c.id, job.id)).state !== "running") await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    expect(await outcome).toMatchObject({ ok: false, error: { error: "ERR_INTERNAL" } });
    expect(await findImport(pool, c.id, job.id)).toMatchObject({ state: "failed", error: { error: "ERR_INTERNAL" } });

    // Crashed mid-import: its heartbeat stops, and the next process to start ends it.
    const crashed = await createImport(pool, c.id, c.userId, "lost.csv");
    await pool.query(
      "UPDATE contact_imports SET state = 'running', heartbeat_at = now() - interval '1 hour' WHERE id = $1",
      [crashed.id],
    );
    const next = new ContactImportRunner(pool, { workers: 1, tmpDir: tmp.path });
    await next.start();
    await next.stop();
    expect(await findImport(pool, c.id, crashed.id)).toMatchObject({ state: "failed" });
  }, 60_000);
});
