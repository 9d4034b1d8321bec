// Use case: an admin deletes a file list (DELETE /files/{id}). Queues and chatbot options that named it lose
// it in the same transaction (no foreign key: decision 0048); answers its files' paths, removed after commit.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { FileList } from "../db/entities/files.ts";
import { type Change, listChanged, recordChanges } from "../kernel/change-log.ts";
import { authorizeFileLists, fileListNotFound } from "./file-list-policy.ts";

export async function deleteFileList(client: pg.ClientBase, actor: Actor, id: number): Promise<string[]> {
  authorizeFileLists(actor);
  const em = companyEm(client, actor.companyId);
  const current = await em.findOne(FileList, { id });
  if (!current) throw fileListNotFound();
  const companyId = actor.companyId;
  const queues = await client.query<{ id: number }>(
    "UPDATE queues SET file_list_id = NULL, updated_at = now() WHERE company_id = $1 AND file_list_id = $2 RETURNING id",
    [companyId, id],
  );
  await client.query("UPDATE chatbots SET opt_file_id = NULL WHERE company_id = $1 AND opt_file_id = $2", [
    companyId,
    id,
  ]);
  await em.nativeDelete(FileList, { id });
  const changes: Change[] = queues.rows.map((q) => ({ companyId, entity: "queues", id: q.id }));
  changes.push(listChanged(companyId, "files"));
  await recordChanges(client, changes);
  return current.options.map((o) => o.path);
}
