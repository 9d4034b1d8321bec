// The file list modal's logic (spec 2 §3 File list, §5, §7): the form checked with the contract's schema
// (name at least 3 characters 'nome muito curto', message 'Obrigatório'), and saving it: POST or PUT with the
// files kept (renamed or removed), then the new files in one multipart POST /files/uploadList/{id}.
import {
  FILE_LIST_UPLOAD_FIELD,
  type FileListDTO,
  type FileListOption,
  ZCreateFileListRequestSchema,
} from "@chatflow/core/contract/files.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export type FileListForm = {
  name: string;
  message: string;
  /** The stored files kept, in order. */
  kept: FileListOption[];
  /** Files picked here, sent on save. */
  pending: File[];
};

export const FILE_LIST_MESSAGES: Record<string, string> = {
  "nome muito curto": "filesPage.validation.nameShort",
  Obrigatório: "filesPage.validation.required",
};

export const fileListFormFrom = (list: FileListDTO | null): FileListForm => ({
  name: list?.name ?? "",
  message: list?.message ?? "",
  kept: list?.options ?? [],
  pending: [],
});

export function validateFileListForm(form: FileListForm): Record<string, string> {
  const parsed = ZCreateFileListRequestSchema.safeParse({ name: form.name, message: form.message });
  return parsed.success ? {} : fieldErrors(parsed.error, FILE_LIST_MESSAGES);
}

export type SaveOutcome =
  | { ok: true; list: FileListDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function saveFileList(
  api: ApiClient,
  form: FileListForm,
  existing: FileListDTO | null,
): Promise<SaveOutcome> {
  try {
    const body = { name: form.name, message: form.message };
    let list = existing
      ? await api.put<FileListDTO>(`/files/${existing.id}`, { ...body, options: form.kept })
      : await api.post<FileListDTO>("/files", body);
    if (form.pending.length > 0) {
      const data = new FormData();
      for (const file of form.pending) data.append(FILE_LIST_UPLOAD_FIELD, file, file.name);
      list = await api.postForm<FileListDTO>(`/files/uploadList/${list.id}`, data);
    }
    return { ok: true, list };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, FILE_LIST_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}
