// File lists (spec 2 §2 /files, §3 File list, §5, §7 File lists): named sets of a message and files that a
// queue's chatbot option of type file sends (decision 0048). The request schemas carry the spec's messages;
// the PWA's modal validates with these same schemas.
import { z } from "zod";

/** Longest name and message a file list keeps. */
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 4096;
/** Most files one list holds (each goes out as its own message). */
export const FILE_LIST_MAX_FILES = 50;
/** The multipart field of POST /files/uploadList/{id} (several files, spec 2 §7). */
export const FILE_LIST_UPLOAD_FIELD = "files";
/** Rows per page of GET /files. */
export const FILE_LISTS_PAGE_SIZE = 20;

const required = "Obrigatório";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);

/** How a file goes out: the message mediaType of its sniffed bytes. */
export const FILE_MEDIA_TYPES = ["image", "audio", "video", "application"] as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

/** One file of a list as the calls carry it. */
export const ZFileListOptionSchema = z.object({
  /** The name shown and sent as the caption; spaces become underscores when uploaded. */
  name: z.string().trim().min(1, required).max(200, "Nome muito longo"),
  /** The stored file (/media/{companyId}/{file}); only files uploaded to this list are accepted. */
  path: z.string().max(400),
  /** What the file is, from its bytes (never from the client: a PUT keeps the stored one). */
  mediaType: z.enum(FILE_MEDIA_TYPES).optional(),
});
export type TFileListOption = z.infer<typeof ZFileListOptionSchema>;

const fields = {
  /** The list's name, at least 3 characters (spec 2 §5). */
  name: z.string({ error: isAbsent }).trim().min(1, required).min(3, "nome muito curto").max(FILE_LIST_NAME_MAX),
  /** The text sent before the files (spec 2 §5: required). */
  message: z.string({ error: isAbsent }).trim().min(1, required).max(FILE_LIST_MESSAGE_MAX, "Mensagem muito longa"),
  /** The files in sending order: a subset of the list's uploaded files, possibly renamed or reordered. */
  options: z.array(ZFileListOptionSchema).max(FILE_LIST_MAX_FILES).default([]),
  /** Ignored: the author is always the caller (the spec's form sends it). */
  userId: z.unknown().optional(),
};

export const ZCreateFileListRequestSchema = z.object(fields);
export type TCreateFileListRequest = z.infer<typeof ZCreateFileListRequestSchema>;

export const ZUpdateFileListRequestSchema = z.object({
  name: fields.name.optional(),
  message: fields.message.optional(),
  options: z.array(ZFileListOptionSchema).max(FILE_LIST_MAX_FILES).optional(),
  userId: fields.userId,
});
export type TUpdateFileListRequest = z.infer<typeof ZUpdateFileListRequestSchema>;

export const ZListFileListsQuerySchema = z.object({
  /** Matches the name or the message, case-insensitively. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page. */
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
});

/** The optional display names sent with an upload, one per file in order (spec 2 §7 `name`). */
export const ZUploadFileListFieldsSchema = z.object({
  name: z.union([z.string().max(200), z.array(z.string().max(200)).max(FILE_LIST_MAX_FILES)]).optional(),
});

export type FileListOption = { name: string; path: string; mediaType: FileMediaType };

/** A file list as the calls carry it (spec 2 §3 File list). */
export type FileListDTO = {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOption[];
  createdAt: string;
  updatedAt: string;
};

export type FileListsPage = { files: FileListDTO[]; count: number; hasMore: boolean };

/** A display name as stored: spaces become underscores (spec 2 §5 media names). */
export const fileDisplayName = (name: string) => name.trim().replace(/\s+/g, "_");
