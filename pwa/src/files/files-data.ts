// The file lists area's data (issue 20: screens call hooks; this file owns the paths). File lists are admin
// REST (/files page by page, POST/PUT/DELETE, the files' upload).
import type { FileListDTO, FileListsPage } from "@chatflow/core/contract/files.ts";
import { useCallback } from "react";
import { restCollection } from "../api/rest-collection.ts";
import { api } from "../app-services.ts";
import { type FileListForm, saveFileList } from "./file-list-form.ts";

/** The file lists screen's records (another admin's change: the files list). */
export const fileListsCollection = restCollection<FileListDTO, FileListsPage>(
  "/files",
  (answer) => ({ items: answer.files, hasMore: answer.hasMore, count: answer.count }),
  "files",
);

export function useSaveFileList() {
  return useCallback((form: FileListForm, existing: FileListDTO | null) => saveFileList(api, form, existing), []);
}
