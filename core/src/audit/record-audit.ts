// The one way to write the audit log (decision 0108): each use case that changes what the log covers calls it
// with its own transaction's client, so the entry commits or rolls back with the change.
import type pg from "pg";
import type { AuditKind } from "../contract/audit.ts";

/** Who did it: a signed-in user (an Actor fits), or null for the system. */
export type AuditActor = { id: number; name: string; companyId: number } | null;

export type AuditRecord = {
  kind: AuditKind;
  /** The company whose configuration or data changed; the actor's when left out. */
  companyId?: number;
  subjectId?: number | null;
  subject?: string;
  detail?: Record<string, unknown>;
};

export async function recordAudit(client: pg.ClientBase, actor: AuditActor, entry: AuditRecord): Promise<void> {
  const companyId = entry.companyId ?? actor?.companyId;
  if (companyId === undefined) throw new Error("an audit entry needs a company");
  await client.query(
    `INSERT INTO audit_entries (company_id, user_id, user_name, kind, subject_id, subject, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      companyId,
      actor?.id ?? null,
      actor?.name ?? "",
      entry.kind,
      entry.subjectId ?? null,
      entry.subject ?? "",
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}
