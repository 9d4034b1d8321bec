// Changes a row's flags or a company setting for one test and puts the old values back when that test
// finishes, passed or failed, so no test leaves a company, user or connection changed for the next.
import type pg from "pg";
import { onTestFinished } from "vitest";
import { type CompanySettingKey, setCompanySetting } from "../settings/company-settings.ts";

type Table = "users" | "companies" | "plans" | "whatsapps";
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Sets `values` on the row `id` of `table` until the running test finishes. */
export async function setForTest(pool: pg.Pool, table: Table, id: number, values: Record<string, unknown>) {
  const columns = Object.keys(values);
  if (columns.length === 0 || !columns.every((c) => IDENTIFIER.test(c))) throw new Error(`bad columns ${columns}`);
  const { rows } = await pool.query(`SELECT ${columns.join(", ")} FROM ${table} WHERE id = $1`, [id]);
  if (!rows[0]) throw new Error(`no ${table} row ${id}`);
  const old = rows[0] as Record<string, unknown>;
  const update = async (v: Record<string, unknown>) => {
    const set = columns.map((c, i) => `${c} = $${i + 2}`).join(", ");
    await pool.query(`UPDATE ${table} SET ${set} WHERE id = $1`, [id, ...columns.map((c) => v[c])]);
  };
  onTestFinished(() => update(old));
  await update(values);
}

/** Sets a company setting until the running test finishes; the old value (or the default) comes back after it. */
export async function settingForTest(pool: pg.Pool, companyId: number, key: CompanySettingKey, value: string) {
  const { rows } = await pool.query<{ value: string | null }>(
    "SELECT value FROM settings WHERE company_id = $1 AND key = $2",
    [companyId, key],
  );
  const old = rows[0];
  onTestFinished(async () => {
    if (old) {
      await pool.query("UPDATE settings SET value = $3 WHERE company_id = $1 AND key = $2", [
        companyId,
        key,
        old.value,
      ]);
    } else await pool.query("DELETE FROM settings WHERE company_id = $1 AND key = $2", [companyId, key]);
  });
  await setCompanySetting(pool, companyId, key, value);
}
