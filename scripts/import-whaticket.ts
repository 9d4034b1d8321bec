// npm run import:whaticket -- --from postgres://... [--company N] [--dry-run]: moves a company in from Whaticket or
// one of its SaaS forks (Ticketz and others) into Chat-flow's database (DATABASE_URL) and media store (DATA_DIR,
// MEDIA_STORE), decision 0123. Run it again to bring what the old installation added since: nothing comes twice.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrate, openDb } from "../core/src/db/orm.ts";
import { importWhaticket } from "./whaticket/import.ts";

const USAGE = `usage: npm run import:whaticket -- --from postgres://user:pass@host/whaticket [options]
  --company N          import into Chat-flow company N (default: a new company per source company, super user)
  --source-company M   with --company, the source company to read (default: M = N; the community version has one)
  --dry-run            print what would be imported and what cannot be, write nothing
  --media-dir DIR      the old installation's backend/public folder (message media)
  --media-url URL      where that folder was served (https://old.example.com/public/), to fetch media over HTTP
  --source NAME        name of this source in the mapping table (default: its host:port/database)
  --plan ID            plan of the companies a super-user import makes (default: the first plan)
  --company-name NAME  name of the company a super-user import of Whaticket community makes (default: Whaticket)
  --batch N            messages per batch (default: 5000)
Chat-flow's database is DATABASE_URL; media go to DATA_DIR's store (MEDIA_STORE=s3 and S3_* for a bucket).`;

function positive(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(v)) throw new Error(`--${name} must be a positive whole number`);
  return Number(v);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: "string" },
      company: { type: "string" },
      "source-company": { type: "string" },
      "dry-run": { type: "boolean", default: false },
      "media-dir": { type: "string" },
      "media-url": { type: "string" },
      source: { type: "string" },
      plan: { type: "string" },
      "company-name": { type: "string" },
      batch: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.from || !/^postgres(ql)?:\/\//.test(values.from))
    throw new Error(`--from postgres://... is required\n${USAGE}`);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL must name Chat-flow's database");
  const companyId = positive("company", values.company);
  const sourceCompanyId = positive("source-company", values["source-company"]);
  if (sourceCompanyId !== undefined && companyId === undefined) throw new Error("--source-company needs --company");
  const dryRun = values["dry-run"];
  const db = await openDb(databaseUrl);
  const started = Date.now();
  let lastLine = 0;
  try {
    await migrate(db);
    console.log(
      `${dryRun ? "dry run: nothing will be written. " : ""}importing from ${values.from.replace(/\/\/[^@/]*@/, "//")}`,
    );
    const result = await importWhaticket(db.pool, {
      from: values.from,
      companyId,
      sourceCompanyId,
      dryRun,
      source: values.source,
      planId: positive("plan", values.plan),
      companyName: values["company-name"],
      messageBatch: positive("batch", values.batch),
      media: {
        dir: values["media-dir"] ?? null,
        baseUrl: values["media-url"] ?? null,
        dataDir: path.resolve(process.env.DATA_DIR ?? ".data"),
        maxBytes: Number(process.env.IMPORT_MEDIA_MAX_BYTES ?? 100 * 1024 * 1024),
      },
      progress: (line) => {
        // Progress at most a line a second, except the steps' own lines.
        if (line.startsWith("messages:") || line.endsWith(" read")) {
          if (Date.now() - lastLine < 1000) return;
          lastLine = Date.now();
        }
        console.log(line);
      },
    });
    console.log(`${dryRun ? "dry run" : "import"} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const c of result.companies)
      console.log(
        `source company ${c.source ?? "(community)"} -> Chat-flow company ${c.target}${c.created ? " (new)" : ""}`,
      );
    for (const line of result.report.lines(dryRun)) console.log(line);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`import:whaticket: ${err.message}`);
    process.exitCode = 1;
  },
);
