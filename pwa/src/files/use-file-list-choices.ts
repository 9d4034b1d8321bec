// The company's file lists for a select (the queue modal's file list, a chatbot option of type file): every
// page of GET /files, read through the one REST loader while online. Admin screens only (file lists are admins').
import type { FileListDTO, FileListsPage } from "@chatflow/core/contract/files.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";

/** Most pages read for a select: 50 pages of 20 lists. */
const MAX_PAGES = 50;

export type FileListChoice = Pick<FileListDTO, "id" | "name">;

async function allFileLists(): Promise<FileListChoice[]> {
  const all: FileListChoice[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.get<FileListsPage>(`/files?pageNumber=${page}`);
    all.push(...answer.files.map((f) => ({ id: f.id, name: f.name })));
    if (!answer.hasMore) break;
  }
  return all;
}

/** The file lists; [] until read (a failed read leaves the select as it was). */
export function useFileListChoices(online: boolean): FileListChoice[] {
  return useRestQuery<FileListChoice[]>(online ? "/files" : null, { load: allFileLists }).data ?? NONE;
}

const NONE: FileListChoice[] = [];
