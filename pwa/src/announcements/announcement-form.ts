// The announcement dialog's logic (spec 3 §3 Announcement, §5, §9): title and text required ('Obrigatório'),
// priority 1 to 3 (default 3), active by default, an image that must be png, jpg or jpeg; saving is the POST or PUT,
// then the image's upload or removal (POST / DELETE /announcements/{id}/media-upload, typeArch=announcements).
import {
  ANNOUNCEMENT_DEFAULT_PRIORITY,
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  type AnnouncementDTO,
  type AnnouncementPriority,
  ZAnnouncementRequestSchema,
} from "@chatflow/core/contract/announcements.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { i18n } from "../i18n/i18n.ts";

export type AnnouncementForm = {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** A new image to attach on save. */
  file: File | null;
  /** The stored image is to be removed on save. */
  removeMedia: boolean;
};

export const ANNOUNCEMENT_MESSAGES: Record<string, string> = {
  Obrigatório: "announcementsPage.validation.required",
};

export function announcementFormFrom(a: AnnouncementDTO | null): AnnouncementForm {
  return {
    title: a?.title ?? "",
    text: a?.text ?? "",
    priority: a?.priority ?? ANNOUNCEMENT_DEFAULT_PRIORITY,
    status: a?.status ?? true,
    file: null,
    removeMedia: false,
  };
}

/** spec 3 §5: png, jpg or jpeg (the server checks the bytes as well). */
export function isAcceptedImage(name: string): boolean {
  const lower = name.toLowerCase();
  return ANNOUNCEMENT_MEDIA_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

const request = (f: AnnouncementForm) => ({ title: f.title, text: f.text, priority: f.priority, status: f.status });

export function validateAnnouncementForm(form: AnnouncementForm): Record<string, string> {
  const parsed = ZAnnouncementRequestSchema.safeParse(request(form));
  const errors = parsed.success ? {} : fieldErrors(parsed.error, ANNOUNCEMENT_MESSAGES);
  if (form.file && !isAcceptedImage(form.file.name)) errors.file = i18n.t("announcementsPage.modal.wrongType");
  return errors;
}

export type SaveOutcome =
  | { ok: true; announcement: AnnouncementDTO }
  | { ok: false; errors: Record<string, string>; error: unknown };

export async function saveAnnouncement(
  api: ApiClient,
  form: AnnouncementForm,
  existing: AnnouncementDTO | null,
): Promise<SaveOutcome> {
  try {
    let saved = existing
      ? await api.put<AnnouncementDTO>(`/announcements/${existing.id}`, request(form))
      : await api.post<AnnouncementDTO>("/announcements", request(form));
    if (form.file) {
      const body = new FormData();
      body.append("typeArch", "announcements");
      body.append("file", form.file, form.file.name);
      saved = await api.postForm<AnnouncementDTO>(`/announcements/${saved.id}/media-upload`, body);
    } else if (form.removeMedia && saved.mediaPath) {
      saved = await api.delete<AnnouncementDTO>(`/announcements/${saved.id}/media-upload`);
    }
    return { ok: true, announcement: saved };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, ANNOUNCEMENT_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}
