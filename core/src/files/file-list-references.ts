// A queue's fileListId and a chatbot option's optFileId must name file lists of the caller's company
// (there is no foreign key, decision 0048): another company's id is as absent as a missing one.
import type pg from "pg";
import { fileListNotFound } from "./file-list-policy.ts";

export async function assertFileListsOf(
  client: pg.ClientBase,
  companyId: number,
  ids: Iterable<number>,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM file_lists WHERE company_id = $1 AND id = ANY($2::int[])",
    [companyId, wanted],
  );
  if (rows[0]!.n !== wanted.length) throw fileListNotFound();
}
