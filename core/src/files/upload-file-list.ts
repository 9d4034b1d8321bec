// Use case: files are added to a file list (POST /files/uploadList/{id}), after the ones it has, each with the
// type its bytes tell (media/upload.ts) and a display name with spaces made underscores (spec 2 §5).
import { LockMode, raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { FILE_LIST_MAX_FILES, type FileListDTO, type FileListOption } from "../contract/files.ts";
import { companyEm } from "../db/company-em.ts";
import { FileList } from "../db/entities/files.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { invalidInput } from "../kernel/errors.ts";
import { authorizeFileLists, fileListNotFound } from "./file-list-policy.ts";
import { loadFileList } from "./file-list-queries.ts";

export async function addFileListFiles(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  files: FileListOption[],
): Promise<FileListDTO> {
  authorizeFileLists(actor);
  const em = companyEm(client, actor.companyId);
  const current = await em.findOne(FileList, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!current) throw fileListNotFound();
  const options = [...current.options, ...files];
  if (options.length > FILE_LIST_MAX_FILES) throw invalidInput(`At most ${FILE_LIST_MAX_FILES} files`, "files");
  await em.nativeUpdate(FileList, { id }, { options, updatedAt: raw("now()") });
  await recordChanges(client, [listChanged(actor.companyId, "files")]);
  return loadFileList(client, actor.companyId, id);
}
