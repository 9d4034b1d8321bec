// The company's file lists for a select (the queue modal's file list, a chatbot option of type file): every
// page of GET /files, read once per mount while online. Admin screens only (file lists are admins').
import type { FileListDTO, FileListsPage } from "@chatflow/core/contract/files.ts";
import { useEffect, useState } from "react";
import { api } from "../app-services.ts";

/** Most pages read for a select: 50 pages of 20 lists. */
const MAX_PAGES = 50;

export type FileListChoice = Pick<FileListDTO, "id" | "name">;

export function useFileListChoices(online: boolean): FileListChoice[] {
  const [lists, setLists] = useState<FileListChoice[]>([]);
  useEffect(() => {
    if (!online) return;
    let live = true;
    void (async () => {
      const all: FileListChoice[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await api.get<FileListsPage>(`/files?pageNumber=${page}`);
        all.push(...answer.files.map((f) => ({ id: f.id, name: f.name })));
        if (!answer.hasMore) break;
      }
      if (live) setLists(all);
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [online]);
  return lists;
}
