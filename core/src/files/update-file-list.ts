// Use case: an admin edits a file list (PUT /files/{id}): name, message, and its files as the modal shows
// them: renamed, reordered or removed, never added (uploadList adds) and never retyped (the type is the
// bytes'). Answers the paths of the files it dropped, removed from disk by the route after commit.
import { LockMode, raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  type FileListDTO,
  type FileListOption,
  fileDisplayName,
  type TUpdateFileListRequest,
} from "../contract/files.ts";
import { companyEm } from "../db/company-em.ts";
import { FileList } from "../db/entities/files.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { invalidInput } from "../kernel/errors.ts";
import { authorizeFileLists, fileListNotFound } from "./file-list-policy.ts";
import { loadFileList } from "./file-list-queries.ts";

export async function updateFileList(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateFileListRequest,
): Promise<{ list: FileListDTO; dropped: string[] }> {
  authorizeFileLists(actor);
  const em = companyEm(client, actor.companyId);
  const current = await em.findOne(FileList, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!current) throw fileListNotFound();
  let options: FileListOption[] | undefined;
  let dropped: string[] = [];
  if (input.options) {
    const stored = new Map(current.options.map((o) => [o.path, o]));
    const kept = new Set<string>();
    options = input.options.map((o) => {
      const file = stored.get(o.path);
      if (!file || kept.has(o.path)) throw invalidInput("Not a file of this list", "options");
      kept.add(o.path);
      return { name: fileDisplayName(o.name), path: file.path, mediaType: file.mediaType };
    });
    dropped = current.options.map((o) => o.path).filter((p) => !kept.has(p));
  }
  await em.nativeUpdate(
    FileList,
    { id },
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.message !== undefined ? { message: input.message } : {}),
      ...(options ? { options } : {}),
      updatedAt: raw("now()"),
    },
  );
  await recordChanges(client, [listChanged(actor.companyId, "files")]);
  return { list: await loadFileList(client, actor.companyId, id), dropped };
}
