// The company's default connection: exactly one while the company has any
// (spec 1 §8 ERR_NO_OTHER_WHATSAPP). Callers hold lockCompanyWrites.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

/** Unsets every other default of the company; answers the changes to log. */
export async function unsetOtherDefaults(client: pg.ClientBase, companyId: number, keepId: number): Promise<Change[]> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE whatsapps SET is_default = false, updated_at = now()
     WHERE company_id = $1 AND is_default AND id <> $2 RETURNING id`,
    [companyId, keepId],
  );
  return rows.map((r) => ({ companyId, entity: "whatsapps", id: r.id }));
}

export async function companyHasWhatsapps(client: pg.ClientBase, companyId: number, exceptId = 0): Promise<boolean> {
  const { rowCount } = await client.query("SELECT 1 FROM whatsapps WHERE company_id = $1 AND id <> $2 LIMIT 1", [
    companyId,
    exceptId,
  ]);
  return !!rowCount;
}
