// How long a company's audit entries are kept (decision 0108): the company's own choice (a row in `settings`
// under AUDIT_RETENTION_KEY, not one of the settings screen's keys) or else the installation's
// (AUDIT_RETENTION_DAYS, 365 days unset). The worker's timed job purges what is older.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { AUDIT_DEFAULT_RETENTION_DAYS, type AuditRetentionAnswer } from "../contract/audit.ts";
import { authorizeAudit } from "./audit-policy.ts";
import { recordAudit } from "./record-audit.ts";

export const AUDIT_RETENTION_KEY = "auditRetentionDays";
/** Entries one purge run deletes at most, over all companies. */
export const AUDIT_PURGE_MAX_ROWS = 10_000;

export function installationRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.AUDIT_RETENTION_DAYS);
  return Number.isInteger(days) && days > 0 ? days : AUDIT_DEFAULT_RETENTION_DAYS;
}

export async function showAuditRetention(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  installationDays = installationRetentionDays(),
): Promise<AuditRetentionAnswer> {
  authorizeAudit(actor, "read");
  const { rows } = await db.query<{ value: string | null }>(
    "SELECT value FROM settings WHERE company_id = $1 AND key = $2",
    [actor.companyId, AUDIT_RETENTION_KEY],
  );
  const days = rows[0]?.value ? Number(rows[0].value) : null;
  return { days, installationDays };
}

export async function setAuditRetention(client: pg.ClientBase, actor: Actor, days: number | null): Promise<void> {
  authorizeAudit(actor, "setRetention");
  if (days === null) {
    await client.query("DELETE FROM settings WHERE company_id = $1 AND key = $2", [
      actor.companyId,
      AUDIT_RETENTION_KEY,
    ]);
  } else {
    await client.query(
      `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [actor.companyId, AUDIT_RETENTION_KEY, String(days)],
    );
  }
  await recordAudit(client, actor, {
    kind: "audit.retention",
    subject: days === null ? "" : String(days),
    detail: { days },
  });
}

export type AuditPurgeOptions = { installationDays?: number; maxRows?: number; now?: Date };

/**
 * The timed job's use case, inside the caller's transaction: deletes, oldest first and at most `maxRows`, the
 * entries past their company's retention. The only statement the append-only trigger lets through, by the
 * transaction-local setting. Each probe reads an index: a company with its own days by (company_id, created_at),
 * everyone else at once by created_at, so a run never reads the entries that are still kept.
 */
export async function purgeAuditEntries(client: pg.ClientBase, opts: AuditPurgeOptions = {}): Promise<number> {
  const now = opts.now ?? (await client.query<{ now: Date }>("SELECT now()")).rows[0]!.now;
  const installationDays = opts.installationDays ?? installationRetentionDays();
  let budget = opts.maxRows ?? AUDIT_PURGE_MAX_ROWS;
  const { rows: own } = await client.query<{ companyId: number; days: number }>(
    `/* all-companies: the retention purge reads every company's own retention */
     SELECT company_id AS "companyId", value::int AS days FROM settings WHERE key = $1 AND value ~ '^[0-9]+$'`,
    [AUDIT_RETENTION_KEY],
  );
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  await client.query("SELECT set_config('chatflow.audit_purge', 'on', true)");
  let deleted = 0;
  for (const c of own) {
    if (budget <= 0) break;
    const { rowCount } = await client.query(
      `DELETE FROM audit_entries WHERE company_id = $1 AND id IN (
         SELECT id FROM audit_entries WHERE company_id = $1 AND created_at < $2 ORDER BY created_at LIMIT $3)`,
      [c.companyId, before(c.days), budget],
    );
    deleted += rowCount ?? 0;
    budget -= rowCount ?? 0;
  }
  if (budget > 0) {
    const { rowCount } = await client.query(
      `/* all-companies: the installation's retention, for every company without its own */
       DELETE FROM audit_entries WHERE id IN (
         SELECT id FROM audit_entries WHERE created_at < $1 AND company_id <> ALL($2::int[])
         ORDER BY created_at LIMIT $3)`,
      [before(installationDays), own.map((c) => c.companyId), budget],
    );
    deleted += rowCount ?? 0;
  }
  await client.query("SELECT set_config('chatflow.audit_purge', 'off', true)");
  return deleted;
}
