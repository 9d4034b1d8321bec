// The audit log (migration 0108, decision 0108): one row per admin-visible change, append-only (a trigger refuses
// UPDATE and DELETE outside the retention purge). company_id has no foreign key: the record outlives its company.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt } from "./columns.ts";

export const AuditEntry = defineEntity({
  name: "AuditEntry",
  tableName: "audit_entries",
  indexes: [
    { name: "audit_entries_company_created", properties: ["companyId", "createdAt", "id"] },
    // The retention purge on the installation's days (audit-retention.ts).
    { name: "audit_entries_created", properties: ["createdAt"] },
    // An expression (compared by name only): the sign-in's device probe (record-sign-in.ts).
    {
      name: "audit_entries_devices",
      expression: `CREATE INDEX audit_entries_devices ON audit_entries (company_id, user_id, (detail->>'device'))
      WHERE kind = 'signin.newDevice'`,
    },
  ],
  // Append-only (migration 0108; the function audit_entries_append_only lives there, with the TRUNCATE trigger that
  // the schema diff cannot see: PostgreSQL's information_schema.triggers leaves TRUNCATE triggers out).
  triggers: [
    {
      name: "audit_entries_append_only",
      timing: "before",
      events: ["update", "delete"],
      expression: `CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries
      FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.integer(),
    /** Who did it; null for the system (no user). Not a reference: the user may be deleted, the entry stays. */
    userId: p.integer().nullable(),
    /** The user's name when it happened. */
    userName: p.text().default(""),
    /** One of AUDIT_KINDS (contract/audit.ts). */
    kind: p.text(),
    /** The id of what changed, when it has one. */
    subjectId: p.integer().nullable(),
    /** What changed, by name (a queue's name, a setting's key, a device). */
    subject: p.text().default(""),
    /** Small facts about the change (counts, the new value of a setting). */
    detail: p.json().defaultRaw("'{}'"),
    createdAt: createdAt(),
  },
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;
