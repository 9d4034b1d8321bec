// `npm run import:whaticket`'s work (decision 0123): reads a Whaticket-family database and writes its companies'
// users, queues, connections, tags, contacts, tickets, messages (with their media), quick messages, schedules and
// settings into Chat-flow, in that order (each step finds the rows the ones before it made through the mapping
// table). Into one company (--company N) or, for the super user, each source company into a company of its own.
import pg from "pg";
import { firstDueDate } from "../../core/src/companies/company-admin-writes.ts";
import { listChanged, recordChanges } from "../../core/src/kernel/change-log.ts";
import { seedCompanySettings } from "../../core/src/settings/company-settings.ts";
import { importContacts, importTickets } from "./contacts-tickets.ts";
import type { ImportContext } from "./context.ts";
import { importQuickMessages, importSchedules } from "./extras.ts";
import type { MediaSource } from "./media.ts";
import { importMessages } from "./messages.ts";
import { importConnections, importQueues, importSettings, importTags, importUsers } from "./reference-data.ts";
import { ImportReport } from "./report.ts";
import { readSourceSchema, type SourceSchema } from "./source.ts";
import { Mappings, Target } from "./target.ts";

export type ImportOptions = {
  /** The Whaticket database (postgres://...). */
  from: string;
  /** Chat-flow company to import into; absent: a super-user import, a new company per source company. */
  companyId?: number;
  /** With companyId, which source company (SaaS forks); by default the one with the same id. */
  sourceCompanyId?: number;
  dryRun: boolean;
  media: Omit<MediaSource, "dryRun">;
  /** Names the source in the mapping table; by default its host, port and database. */
  source?: string;
  /** Plan of the companies a super-user import makes; by default the first plan. */
  planId?: number;
  /** Name of the one company a super-user import of the community version makes. */
  companyName?: string;
  batch?: number;
  messageBatch?: number;
  progress?: (line: string) => void;
};

export type ImportResult = {
  report: ImportReport;
  saas: boolean;
  /** Source company (null: the community version's one) -> Chat-flow company, and whether this run made it. */
  companies: { source: number | null; target: number; created: boolean }[];
};

/** The default name of a source: where it is, without its credentials. */
export function sourceNameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

type SourceCompany = {
  id: number | null;
  name: string;
  phone: string | null;
  email: string | null;
  dueDate: string | null;
};

async function sourceCompanies(src: pg.Pool, schema: SourceSchema, name: string): Promise<SourceCompany[]> {
  if (!schema.saas) return [{ id: null, name, phone: null, email: null, dueDate: null }];
  const { rows } = await src.query<SourceCompany>(
    `SELECT "id", "name", "phone", "email", ${schema.tables.get("Companies")!.has("dueDate") ? `to_char("dueDate", 'YYYY-MM-DD')` : "NULL"} AS "dueDate"
     FROM "Companies" ORDER BY "id"`,
  );
  return rows;
}

export async function importWhaticket(pool: pg.Pool, opts: ImportOptions): Promise<ImportResult> {
  const src = new pg.Pool({ connectionString: opts.from, max: 2 });
  // An idle source connection the old server ends (a restart, its database dropped) fails the next query instead of
  // throwing out of the process.
  src.on("error", () => {});
  const report = new ImportReport();
  const target = new Target(pool, opts.dryRun);
  const maps = new Mappings(opts.source ?? sourceNameOf(opts.from));
  const progress = opts.progress ?? (() => {});
  try {
    const schema = await readSourceSchema(src);
    progress(`source: ${schema.saas ? "a SaaS fork (companies)" : "Whaticket community (one company)"}`);
    const companies: ImportResult["companies"] = [];
    const plan: { source: SourceCompany; target: number | null }[] = [];
    if (opts.companyId !== undefined) {
      const { rowCount } = await pool.query("SELECT 1 FROM companies WHERE id = $1", [opts.companyId]);
      if (!rowCount) throw new Error(`Chat-flow has no company ${opts.companyId}`);
      const all = await sourceCompanies(src, schema, "");
      const wanted = schema.saas ? (opts.sourceCompanyId ?? opts.companyId) : null;
      const source = all.find((c) => c.id === wanted);
      if (!source) throw new Error(`the source has no company ${wanted} (give --source-company)`);
      plan.push({ source, target: opts.companyId });
    } else {
      for (const source of await sourceCompanies(src, schema, opts.companyName ?? "Whaticket")) {
        plan.push({ source, target: null });
      }
    }
    await target.run(async () => {
      for (const p of plan) {
        let companyId = p.target;
        let created = false;
        if (companyId === null) {
          const made = await findOrMakeCompany(target, maps, p.source, opts.planId);
          companyId = made.id;
          created = made.created;
          report[made.created ? "imported" : "existing"]("companies");
        }
        companies.push({ source: p.source.id, target: companyId, created });
        progress(`company ${p.source.id ?? "(community)"} "${p.source.name}" -> Chat-flow company ${companyId}`);
        const ctx: ImportContext = {
          src,
          schema,
          target,
          maps,
          report,
          companyId,
          sourceCompanyId: p.source.id,
          media: { ...opts.media, dryRun: opts.dryRun },
          batch: opts.batch ?? 1000,
          messageBatch: opts.messageBatch ?? 5000,
          progress,
        };
        for (const [name, step] of [
          ["users", importUsers],
          ["queues", importQueues],
          ["connections", importConnections],
          ["tags", importTags],
          ["contacts", importContacts],
          ["tickets", importTickets],
          ["messages", importMessages],
          ["quick messages", importQuickMessages],
          ["schedules", importSchedules],
          ["settings", importSettings],
          ["devices", rebuildReplicas],
        ] as const) {
          await step(ctx);
          progress(`${name}: done`);
        }
      }
    });
    return { report, saas: schema.saas, companies };
  } finally {
    await src.end();
  }
}

/** The company an earlier run made for this source company, or a new one with Chat-flow's default settings. */
async function findOrMakeCompany(
  target: Target,
  maps: Mappings,
  source: SourceCompany,
  planId: number | undefined,
): Promise<{ id: number; created: boolean }> {
  const key = source.id === null ? "community" : String(source.id);
  return target.batch(async (c) => {
    const found = await maps.companyOf(c, key);
    if (found !== null) return { id: found, created: false };
    const plan =
      planId ?? (await c.query<{ id: number }>("SELECT id FROM plans ORDER BY id LIMIT 1")).rows[0]?.id ?? null;
    const { rows } = await c.query<{ id: number }>(
      `INSERT INTO companies (name, phone, email, status, due_date, recurrence, plan_id)
       VALUES ($1, $2, $3, true, $4, 'MENSAL', $5) RETURNING id`,
      [source.name || "Whaticket", source.phone, source.email, source.dueDate ?? firstDueDate("MENSAL"), plan],
    );
    const id = rows[0]!.id;
    await seedCompanySettings(c, id);
    await maps.put(c, id, "company", [[key, id]]);
    return { id, created: true };
  });
}

/**
 * Devices already syncing the company take the import in by a fresh first pull (the latest tickets and each one's
 * latest messages), as after an LGPD setting changes: every user's replica version moves on and each is logged. Not
 * a change-log row per imported row, which would make each device pull every imported message (decision 0123).
 */
async function rebuildReplicas(ctx: ImportContext): Promise<void> {
  if (ctx.target.dryRun) return;
  await ctx.target.batch(async (c) => {
    const { rows } = await c.query<{ id: number }>(
      "UPDATE users SET replica_version = replica_version + 1 WHERE company_id = $1 RETURNING id",
      [ctx.companyId],
    );
    await recordChanges(c, [
      ...rows.map((u) => ({ companyId: ctx.companyId, entity: "users" as const, id: u.id })),
      listChanged(ctx.companyId, "tags"),
    ]);
  });
}
