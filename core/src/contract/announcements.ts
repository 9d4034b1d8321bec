// Announcements (spec 3 §2 "Announcements", §3 Announcement, §5, §7, §9): the platform's notices, written by the
// super user and shown to every signed-in user of every company in the top bar (decision 0072).
import { z } from "zod";
import { zIdParamWith } from "./ids.ts";

/** spec 3 §5 and §8: the announcement form's one validation message. */
export const ANNOUNCEMENT_REQUIRED = "Obrigatório";
/** spec 3 §3: 1 high, 2 medium, 3 low. */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
/** spec 3 §3: a new announcement is low priority and active. */
export const ANNOUNCEMENT_DEFAULT_PRIORITY: AnnouncementPriority = 3;
/** Rows per page of GET /announcements (spec 3 §9 leaves list page sizes open). */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/** The multipart field of POST /announcements/{id}/media-upload. */
export const ANNOUNCEMENT_MEDIA_FIELD = "file";
/** spec 3 §9: png, jpg or jpeg; told by the bytes on the server. */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** Names core gives stored announcement images: {uuid}-{safe name}.{png|jpg}. */
export const ANNOUNCEMENT_FILE_NAME = /^[0-9a-f-]{36}-[A-Za-z0-9._-]{1,80}\.(png|jpg)$/;

export type AnnouncementDTO = {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  /** Active (shown in the top bar) or inactive. */
  status: boolean;
  /** The stored image's name, served at /announcement-media/{mediaPath}; null without one. */
  mediaPath: string | null;
  /** The name the image had when it was attached. */
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AnnouncementsPage = { records: AnnouncementDTO[]; count: number; hasMore: boolean };

const required = (max: number) =>
  z
    .string({ error: ANNOUNCEMENT_REQUIRED })
    .trim()
    .min(1, ANNOUNCEMENT_REQUIRED)
    .max(max, `No máximo ${max} caracteres`);

export const ZAnnouncementRequestSchema = z.object({
  /** The notice's heading, as the top bar lists it. */
  title: required(200),
  /** The notice itself. */
  text: required(10_000),
  /** 1 high (red), 2 medium (orange), 3 low (grey). */
  priority: z.coerce
    .number({ error: "Prioridade inválida" })
    .int("Prioridade inválida")
    .min(1, "Prioridade inválida")
    .max(3, "Prioridade inválida")
    .default(ANNOUNCEMENT_DEFAULT_PRIORITY),
  /** Active shows it in every top bar. */
  status: z.boolean({ error: "Status inválido" }).default(true),
});
export type TAnnouncementRequest = z.infer<typeof ZAnnouncementRequestSchema>;
/** The form's input before defaults (the PWA's dialog). */
export type TAnnouncementForm = z.input<typeof ZAnnouncementRequestSchema>;

export const ZListAnnouncementsQuery = z.object({
  /** Part of the title or the text, any case. */
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: zIdParamWith("Invalid page").default(1),
  /** "1": only the active ones (the top bar). Everyone but the super user gets only those anyway. */
  active: z.enum(["0", "1"]).optional(),
});
export type TListAnnouncementsQuery = z.infer<typeof ZListAnnouncementsQuery>;
