// Use case: an admin creates a file list (POST /files). Its files come after, through uploadList: a new list
// has none, so options naming files are refused rather than trusted (a path is only ever one we stored).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { FileListDTO, TCreateFileListRequest } from "../contract/files.ts";
import { companyEm } from "../db/company-em.ts";
import { FileList } from "../db/entities/files.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { invalidInput } from "../kernel/errors.ts";
import { authorizeFileLists } from "./file-list-policy.ts";
import { loadFileList } from "./file-list-queries.ts";

export async function createFileList(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateFileListRequest,
): Promise<FileListDTO> {
  authorizeFileLists(actor);
  if (input.options.some((o) => o.path !== "")) throw invalidInput("Files are added by uploadList", "options");
  const em = companyEm(client, actor.companyId);
  const list = em.create(FileList, {
    companyId: actor.companyId,
    name: input.name,
    message: input.message,
    options: [],
    userId: actor.id,
  });
  await em.flush();
  await recordChanges(client, [listChanged(actor.companyId, "files")]);
  return loadFileList(client, actor.companyId, list.id);
}
