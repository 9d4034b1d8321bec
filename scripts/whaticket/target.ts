// Chat-flow's side of an import: batches written each in its own transaction (a real run) or all in one
// transaction rolled back at the end (a dry run, which so meets every constraint a real run would and keeps
// nothing), the mapping table (migration 0123) and inserts that fall back to one row at a time when a batch
// fails, so one bad row is reported and skipped, never the batch (decision 0123).
import type pg from "pg";
import { transaction } from "../../core/src/kernel/transaction.ts";

/** Thrown at the end of a dry run so the kernel's transaction helper rolls everything back. */
const DRY_RUN_OVER = new Error("dry run over: rolled back");

export class Target {
  private dryClient: pg.PoolClient | null = null;
  readonly pool: pg.Pool;
  readonly dryRun: boolean;

  constructor(pool: pg.Pool, dryRun: boolean) {
    this.pool = pool;
    this.dryRun = dryRun;
  }

  /**
   * Runs the whole import: as it is (each batch commits on its own), or (dry run) inside one transaction of the
   * kernel's helper that is rolled back once `fn` is done, so nothing it wrote remains.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.dryRun) return fn();
    const done: { result?: T } = {};
    try {
      await transaction(this.pool, async (client) => {
        this.dryClient = client;
        done.result = await fn();
        throw DRY_RUN_OVER;
      });
    } catch (err) {
      if (err !== DRY_RUN_OVER) throw err;
    } finally {
      this.dryClient = null;
    }
    return done.result as T;
  }

  /** Runs `fn` as one unit: committed on its own, or (dry run) a savepoint of the run's one transaction. */
  async batch<T>(fn: (client: pg.ClientBase) => Promise<T>): Promise<T> {
    const c = this.dryClient;
    if (!c) return transaction(this.pool, fn);
    await c.query("SAVEPOINT import_batch");
    try {
      const result = await fn(c);
      await c.query("RELEASE SAVEPOINT import_batch");
      return result;
    } catch (err) {
      await c.query("ROLLBACK TO SAVEPOINT import_batch");
      throw err;
    }
  }
}

/** The mapping table of one source (its name: --source, or the source URL's host, port and database). */
export class Mappings {
  readonly source: string;

  constructor(source: string) {
    this.source = source;
  }

  /** New ids of these old ids of `kind` in the company, for those imported before. */
  async get(
    c: pg.ClientBase,
    companyId: number,
    kind: string,
    oldIds: (string | number)[],
  ): Promise<Map<string, string>> {
    if (oldIds.length === 0) return new Map();
    const { rows } = await c.query<{ old_id: string; new_id: string }>(
      `SELECT old_id, new_id FROM import_mappings
       WHERE company_id = $1 AND source = $2 AND kind = $3 AND old_id = ANY($4::text[])`,
      [companyId, this.source, kind, oldIds.map(String)],
    );
    return new Map(rows.map((r) => [r.old_id, r.new_id]));
  }

  /** Every mapping of `kind` in the company (for the short lists: users, queues, connections, tags). */
  async all(c: pg.ClientBase, companyId: number, kind: string): Promise<Map<string, string>> {
    const { rows } = await c.query<{ old_id: string; new_id: string }>(
      "SELECT old_id, new_id FROM import_mappings WHERE company_id = $1 AND source = $2 AND kind = $3",
      [companyId, this.source, kind],
    );
    return new Map(rows.map((r) => [r.old_id, r.new_id]));
  }

  async put(c: pg.ClientBase, companyId: number, kind: string, pairs: [string | number, string | number][]) {
    if (pairs.length === 0) return;
    await c.query(
      `INSERT INTO import_mappings (company_id, source, kind, old_id, new_id)
       SELECT $1, $2, $3, o, n FROM unnest($4::text[], $5::text[]) AS t(o, n)
       ON CONFLICT (company_id, source, kind, old_id) DO NOTHING`,
      [companyId, this.source, kind, pairs.map((p) => String(p[0])), pairs.map((p) => String(p[1]))],
    );
  }

  /** The Chat-flow company an earlier super-user import made for this source company (across companies). */
  async companyOf(c: pg.ClientBase, oldCompanyId: string): Promise<number | null> {
    const { rows } = await c.query<{ company_id: number }>(
      `SELECT company_id FROM import_mappings /* all-companies: which company a super-user import made */
       WHERE kind = 'company' AND source = $1 AND old_id = $2`,
      [this.source, oldCompanyId],
    );
    return rows[0]?.company_id ?? null;
  }
}

/** A database error as a line of the report: the constraint it broke, or its message. */
export function reasonOf(err: unknown): string {
  const e = err as { constraint?: string; message?: string };
  const known: Record<string, string> = {
    users_email_key: "e-mail already used by another Chat-flow user",
    queues_company_id_color_key: "another queue already has this colour",
    queues_company_id_name_key: "another queue already has this name",
    whatsapps_company_id_name_key: "another connection already has this name",
    whatsapps_phone_number_id_key: "this Cloud API number belongs to another Chat-flow connection",
    whatsapps_company_id_token_key: "another connection already has this API token",
    tags_company_id_name_key: "another tag already has this name",
    contacts_company_id_number_key: "another contact already has this number",
    tickets_one_active: "the contact already has an open ticket on this connection",
  };
  if (e.constraint && known[e.constraint]) return known[e.constraint]!;
  return e.constraint ? `breaks ${e.constraint}` : (e.message ?? String(err)).split("\n")[0]!;
}

/**
 * Inserts `rows` with `insert` in one go; if that fails, one at a time, each in a savepoint, reporting each row
 * that fails with `onBad`. Answers what the successful inserts answered.
 */
export async function insertSafely<R, A>(
  c: pg.ClientBase,
  rows: R[],
  insert: (rows: R[]) => Promise<A[]>,
  onBad: (row: R, reason: string) => void,
): Promise<A[]> {
  if (rows.length === 0) return [];
  await c.query("SAVEPOINT import_rows");
  try {
    const out = await insert(rows);
    await c.query("RELEASE SAVEPOINT import_rows");
    return out;
  } catch {
    await c.query("ROLLBACK TO SAVEPOINT import_rows");
  }
  const out: A[] = [];
  for (const row of rows) {
    await c.query("SAVEPOINT import_row");
    try {
      out.push(...(await insert([row])));
      await c.query("RELEASE SAVEPOINT import_row");
    } catch (err) {
      await c.query("ROLLBACK TO SAVEPOINT import_row");
      onBad(row, reasonOf(err));
    }
  }
  await c.query("RELEASE SAVEPOINT import_rows");
  return out;
}
