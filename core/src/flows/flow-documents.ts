// The flow's co-edited drawing lives in `documents` under `company/{c}/flow/{id}` (decision 0051); the flow's
// calls that copy or remove a flow carry its document with it, in the same transaction.
import type pg from "pg";

export const flowDocumentName = (companyId: number, flowId: number) => `company/${companyId}/flow/${flowId}`;

export async function copyFlowDocument(client: pg.ClientBase, companyId: number, from: number, to: number) {
  await client.query(
    `INSERT INTO documents (name, company_id, kind, state)
     SELECT $3, company_id, kind, state FROM documents WHERE company_id = $1 AND name = $2`,
    [companyId, flowDocumentName(companyId, from), flowDocumentName(companyId, to)],
  );
}

export async function removeFlowDocument(client: pg.ClientBase, companyId: number, flowId: number) {
  await client.query("DELETE FROM documents WHERE company_id = $1 AND name = $2", [
    companyId,
    flowDocumentName(companyId, flowId),
  ]);
}
