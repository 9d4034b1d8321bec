// The plans of the two ways a contact's number is read (migration 0062, decision 0064): ingest's equality lookup
// by (company, number) goes through the unique btree even once statistics exist and the plan is generic (ingest
// runs it prepared), and a "contains these digits" search still has the trigram index.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { BATCH_CONTACTS_SQL, CONTACTS_BY_NUMBER_SQL } from "../messages/ingest.ts";
import { numberMatchSql } from "../presenters/mask-number.ts";
import { buildCompany } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";

const db = testDbForFile();

/** The names of the indexes a plan reads, from EXPLAIN's JSON. */
function indexesOf(plan: unknown): string[] {
  const names: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node["Index Name"] === "string") names.push(node["Index Name"]);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return names;
}

async function explain(client: pg.ClientBase, sql: string, values: unknown[]): Promise<string[]> {
  const { rows } = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, values);
  return indexesOf(rows[0]!["QUERY PLAN"]);
}

async function addContacts(companyId: number, from: number, to: number) {
  await db.pool.query(
    `INSERT INTO contacts (company_id, name, number)
     SELECT $1, 'Contact ' || g, '5511' || lpad(g::text, 9, '0') FROM generate_series($2::int, $3::int) g`,
    [companyId, from, to],
  );
  await db.pool.query("ANALYZE contacts");
}

/** The indexes ingest's lookup of `count` numbers reads, with the plan generic (as prepared) and custom. */
async function lookupIndexes(companyId: number, count: number, step: number): Promise<Record<string, string[]>> {
  const numbers = Array.from({ length: count }, (_, i) => `5511${String(i * step + 1).padStart(9, "0")}`);
  const args = `'{${numbers.map(() => companyId).join(",")}}'::int[], '{${numbers.join(",")}}'::text[]`;
  const client = await db.pool.connect();
  const used: Record<string, string[]> = {};
  try {
    for (const mode of ["force_generic_plan", "force_custom_plan"]) {
      await client.query(`SET plan_cache_mode = ${mode}`);
      await client.query(`PREPARE lookup(int[], text[]) AS ${CONTACTS_BY_NUMBER_SQL}`);
      used[mode] = await explain(client, `EXECUTE lookup(${args})`, []);
      const found = await client.query(`EXECUTE lookup(${args})`);
      expect(found.rowCount).toBe(count);
      await client.query("DEALLOCATE lookup");
    }
  } finally {
    await client.query("RESET plan_cache_mode");
    client.release();
  }
  return used;
}

describe("#contacts.number-index", () => {
  let companyId = 0;

  it("never looks a number up through the trigram index (it did, generic plan, 2,000 contacts)", async () => {
    companyId = (await buildCompany(db.pool)).id;
    await addContacts(companyId, 1, 2000);
    const used = await lookupIndexes(companyId, 60, 30);
    for (const mode of Object.keys(used)) expect(used[mode], mode).not.toContain("contacts_search_number");
  });

  it("uses the unique btree for the lookup and the trigram index for a search, 20,000 contacts", async () => {
    await addContacts(companyId, 2001, 20000);
    const used = await lookupIndexes(companyId, 60, 300);
    for (const mode of Object.keys(used)) {
      expect(used[mode], mode).toContain("contacts_company_id_number_key");
      expect(used[mode], mode).not.toContain("contacts_search_number");
    }
    const search = `SELECT c.id FROM contacts c WHERE c.company_id = $1 AND ${numberMatchSql("c", "$2", false)}`;
    expect(await explain(db.pool as unknown as pg.ClientBase, search, [companyId, "%00012345%"])).toContain(
      "contacts_search_number",
    );
    const hits = await db.pool.query(search, [companyId, "%00012345%"]);
    expect(hits.rowCount).toBe(1);
  });

  it("reads known contacts through the unique btree in ingest's first statement too, generic plan (decision 0114)", async () => {
    const numbers = Array.from({ length: 60 }, (_, i) => `5511${String(i * 300 + 1).padStart(9, "0")}`);
    const ints = (v: number) => `'{${numbers.map(() => v).join(",")}}'::int[]`;
    const texts = (f: (n: string, i: number) => string) => `'{${numbers.map(f).join(",")}}'::text[]`;
    const args = [
      ints(companyId),
      ints(1),
      texts((_, i) => `wamid.plan${i}`),
      texts((n) => n),
      texts((n) => n),
      texts(() => "whatsappapi"),
      `'{${numbers.map(() => "false").join(",")}}'::boolean[]`,
    ].join(", ");
    const client = await db.pool.connect();
    try {
      await client.query("SET plan_cache_mode = force_generic_plan");
      await client.query(
        `PREPARE first(int[], int[], text[], text[], text[], text[], boolean[]) AS ${BATCH_CONTACTS_SQL}`,
      );
      const used = await explain(client, `EXECUTE first(${args})`, []);
      expect(used).toContain("contacts_company_id_number_key");
      expect(used).not.toContain("contacts_search_number");
      await client.query("DEALLOCATE first");
    } finally {
      await client.query("RESET plan_cache_mode");
      client.release();
    }
  });
});
