// Quick messages (spec 2 §2 /quick-messages, §3 Quick message, §4, §5, §6, §7): the request schemas with the
// spec's messages, the answer shape, and who sees and changes what. The lists themselves are Yjs documents
// (decision 0020); the REST calls read their projection and write through the sync server (decision 0048).
import { z } from "zod";

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_MESSAGE_MAX = 4096;
/** Rows per page of GET /quick-messages. */
export const QUICK_MESSAGES_PAGE_SIZE = 20;
/** The multipart field of POST /quick-messages/{id}/media-upload (spec 2 §7: typeArch, file). */
export const QUICK_MESSAGE_MEDIA_FIELD = "file";

const required = "Obrigatório";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);

const fields = {
  /** What the agent types after '/' (spec 2 §5: required). */
  shortcode: z
    .string({ error: isAbsent })
    .trim()
    .min(1, required)
    .max(QUICK_MESSAGE_SHORTCODE_MAX, "Atalho muito longo")
    .refine((v) => !/\s/.test(v), "Sem espaços no atalho"),
  /** The text put into the message input (the caption when there is media). */
  message: z.string().trim().max(QUICK_MESSAGE_MESSAGE_MAX, "Mensagem muito longa"),
  /** For everyone of the company (spec 2 "geral"): admins only, in the company's general list. */
  geral: z.boolean(),
  /** Shown read-only to the rest of the company (spec 2 "visao"); a general one is seen by everyone anyway. */
  visao: z.boolean(),
};

export const ZCreateQuickMessageRequestSchema = z.object({
  shortcode: fields.shortcode,
  message: fields.message.default(""),
  geral: fields.geral.default(false),
  visao: fields.visao.default(false),
  /** Ignored: the author is always the caller; the spec's form sends these. */
  userId: z.unknown().optional(),
  status: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type TCreateQuickMessageRequest = z.infer<typeof ZCreateQuickMessageRequestSchema>;

export const ZUpdateQuickMessageRequestSchema = z.object({
  shortcode: fields.shortcode.optional(),
  message: fields.message.optional(),
  geral: fields.geral.optional(),
  visao: fields.visao.optional(),
  userId: z.unknown().optional(),
  status: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type TUpdateQuickMessageRequest = z.infer<typeof ZUpdateQuickMessageRequestSchema>;

export const ZListQuickMessagesPageQuerySchema = z.object({
  /** Matches the shortcode or the message, case-insensitively. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page. */
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
  companyId: z.unknown().optional(),
  userId: z.unknown().optional(),
});

/** A quick message as the calls carry it (spec 2 §3 Quick message). */
export type QuickMessageDTO = {
  /** The row's id (the REST calls' {id}). */
  id: number;
  /** The item's id inside its Yjs document. */
  itemId: string;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
  geral: boolean;
  visao: boolean;
  userId: number | null;
  /** The caller may change it (spec 2 §4: fields are locked otherwise; §6 owner-only rule). */
  editable: boolean;
  updatedAt: string;
};

export type QuickMessagesPage = { records: QuickMessageDTO[]; count: number; hasMore: boolean };

/** Who is asking: the rules below need no more. */
export type QuickMessageViewer = { id: number; admin: boolean };

/** Spec 2 §4/§6: a general one is the admins' to change, a personal one its owner's alone. */
export function mayEditQuickMessage(
  viewer: QuickMessageViewer,
  row: { geral: boolean; userId: number | null },
): boolean {
  return row.geral ? viewer.admin : row.userId === viewer.id;
}
