// Requests and answers of the contacts, tags and ticket-notes calls (spec 1 §7
// Contacts and Notes), with the form rules of spec 1 §5 and their exact messages.
// The PWA's forms validate with these same schemas.
import { z } from "zod";
import type { Channel, ContactDTO } from "./entities.ts";
import { zId, zIdParam } from "./ids.ts";

const required = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? "Required" : undefined);

/** Formatting people type around a phone number: spaces, brackets, dots, dashes, a leading +. */
export const normalizeContactNumber = (raw: string) => raw.trim().replace(/[\s().+-]/g, "");

/** A contact's number as typed in the form: formatting dropped, then 8 to 50 digits. */
export const ZContactNumberSchema = z
  .union([z.string(), z.number()], { error: required })
  .transform((v) => normalizeContactNumber(String(v)))
  .pipe(z.string().min(1, "Required").min(8, "Too Short!").max(50, "Too Long!").regex(/^\d+$/, "Invalid number"));

/** Contact name: required, 2 to 50 characters (spec 1 §5, first reading). */
export const ZContactNameSchema = z
  .string({ error: required })
  .trim()
  .min(1, "Required")
  .min(2, "Too Short!")
  .max(50, "Too Long!");

/** An optional e-mail: empty is allowed, anything else must be an address. */
export const ZContactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "" || z.email().safeParse(v).success, "Invalid email");

export const ZExtraInfoItemSchema = z.object({
  /** Id of an existing item to keep; new items come without one. */
  id: zIdParam.optional(),
  /** Label of the field, e.g. "CPF". */
  name: z.string().trim().min(1, "Required").max(100, "Too Long!"),
  /** Its value for this contact. */
  value: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v)))
    .pipe(z.string().max(1000, "Too Long!")),
});
export type TExtraInfoItem = { id: number; name: string; value: string };

export const ZCreateContactRequestSchema = z.object({
  /** Display name. */
  name: ZContactNameSchema,
  /** Phone number (or channel id) with country and area code; unique in the company. */
  number: ZContactNumberSchema,
  /** Optional e-mail address. */
  email: ZContactEmailSchema.optional().default(""),
  /** Custom fields shown in the contact drawer. */
  extraInfo: z.array(ZExtraInfoItemSchema).max(50).optional().default([]),
  /** Origin connection; decides the contact's channel. */
  whatsappId: zIdParam.nullable().optional(),
  /** Whether the contact may send audio (default: the company's acceptAudioMessageContact setting). */
  acceptAudioMessage: z.boolean().optional(),
  /** True keeps the chatbot and flows away from this contact. */
  disableBot: z.boolean().optional(),
});
export type TCreateContactRequest = z.infer<typeof ZCreateContactRequestSchema>;

export const ZUpdateContactRequestSchema = z.object({
  /** New display name. */
  name: ZContactNameSchema.optional(),
  /** New number; the current number (or its masked form) as sent back by a form means "unchanged". */
  number: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .optional(),
  /** New e-mail, empty to clear. */
  email: ZContactEmailSchema.optional(),
  /** The whole list of custom fields: items left out are removed. */
  extraInfo: z.array(ZExtraInfoItemSchema).max(50).optional(),
  /** Origin connection. */
  whatsappId: zIdParam.nullable().optional(),
  /** Whether the contact may send audio. */
  acceptAudioMessage: z.boolean().optional(),
  /** True keeps the chatbot and flows away from this contact. */
  disableBot: z.boolean().optional(),
});
export type TUpdateContactRequest = z.infer<typeof ZUpdateContactRequestSchema>;

/** A JSON list of ids in a query string ("[1,2]"), a single id, or repeated keys. */
export const ZIdListQuerySchema = z.preprocess((v) => {
  if (v === undefined || v === "") return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v === "string") {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return v.split(",");
    }
  }
  return v;
}, z.array(zIdParam).max(500).optional());

const ZQueryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

export const ZListContactsQuerySchema = z.object({
  /** Matches name, number or e-mail; compared lower-cased. */
  searchParam: z
    .string()
    .trim()
    .toLowerCase()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  /** 1-based page of CONTACTS_PAGE_SIZE contacts. */
  pageNumber: z.coerce.number().int().positive().default(1),
  /** Tag ids (JSON list): contacts carrying any of them. */
  contactTag: ZIdListQuerySchema,
  /** Only contacts of this channel. */
  channel: z.enum(["whatsapp", "whatsappapi", "facebook", "instagram"]).optional(),
  /** "true" only groups, "false" only people. */
  isGroup: ZQueryBoolean.optional(),
});
export type TListContactsQuery = z.infer<typeof ZListContactsQuerySchema>;

export const ZBlockContactRequestSchema = z.object({
  /** false blocks the contact, true unblocks it. */
  active: z.union([z.boolean(), ZQueryBoolean]),
});

/** One row of the spreadsheet import UI (POST /contactsImport). */
export const ZImportContactRequestSchema = z.object({
  /** Display name. */
  name: z.union([z.string(), z.number()], { error: required }).transform(String).pipe(ZContactNameSchema),
  /** Number as found in the sheet; every non-digit is dropped. */
  number: z
    .union([z.string(), z.number()], { error: required })
    .transform((v) => String(v).replace(/\D/g, ""))
    .pipe(z.string().min(1, "Required").min(8, "Too Short!").max(50, "Too Long!")),
  /** E-mail; an unreadable one is stored empty rather than losing the row. */
  email: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => {
      const s = v === null || v === undefined ? "" : String(v).trim().toLowerCase();
      return z.email().safeParse(s).success ? s : "";
    }),
  /** Tag names, comma-separated or a list; missing tags are created. */
  tags: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => splitTagNames(v)),
  /** true checks the number's format (country + area code + number, 10 to 15 digits). */
  validateContact: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
});
export type TImportContactRequest = z.infer<typeof ZImportContactRequestSchema>;

/** Tag names from a cell or a list: split on commas, trimmed, without duplicates. */
export function splitTagNames(v: string | string[] | undefined | null): string[] {
  if (!v) return [];
  const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(","));
  return [...new Set(parts.map((s) => s.trim()).filter((s) => s.length > 0))];
}

/** Tag name (spec 1 §5: inline tags need at least 3 characters). */
export const ZTagNameSchema = z.string({ error: required }).trim().min(3, "Tag muito curta!").max(60, "Too Long!");

/** A tag's colour, hex with 3 to 8 digits (an alpha channel allowed). */
const ZTagColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, "Invalid color");

/** Whether a tag is a kanban lane: a boolean or 0/1, stored as 0/1. */
const ZKanbanFlagSchema = z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]);

/** The most hours a lane may hold a ticket before its timer moves it (a year). */
export const MAX_TIME_LANE_HOURS = 8760;

/** A lane's settings (spec 2 §3 Tag; decision 0047), each optional; null clears a lane reference. */
export const ZLaneFields = {
  /** Hours a ticket stays in this lane before the lane timer moves it (0: never). */
  timeLane: z.coerce
    .number({ error: "Invalid number" })
    .int("Invalid number")
    .min(0, "Invalid number")
    .max(MAX_TIME_LANE_HOURS, "Invalid number")
    .optional(),
  /** The kanban tag a ticket moves on to when its time in this lane is up. */
  nextLaneId: zId.nullable().optional(),
  /** The kanban tag a ticket goes back to when its contact answered while it sat in this lane. */
  rollbackLaneId: zId.nullable().optional(),
  /** Sent to the contact when a ticket arrives in this lane by the timer. */
  greetingMessageLane: z.string().max(5000, "Too Long!").nullable().optional(),
};

export const ZCreateTagRequestSchema = z.object({
  /** Unique in the company. */
  name: ZTagNameSchema,
  /** 1 makes the tag a kanban lane. */
  kanban: ZKanbanFlagSchema.optional().transform((v) => (v === true || v === 1 ? 1 : 0)),
  /** Hex colour; a random one when absent. */
  color: ZTagColorSchema.optional(),
  ...ZLaneFields,
});
export type TCreateTagRequest = z.infer<typeof ZCreateTagRequestSchema>;

export const ZUpdateTagRequestSchema = z.object({
  /** New name, unique in the company. */
  name: ZTagNameSchema.optional(),
  /** 1 makes the tag a kanban lane. */
  kanban: ZKanbanFlagSchema.optional().transform((v) => (v === undefined ? undefined : v === true || v === 1 ? 1 : 0)),
  /** Hex colour. */
  color: ZTagColorSchema.optional(),
  ...ZLaneFields,
});
export type TUpdateTagRequest = z.infer<typeof ZUpdateTagRequestSchema>;

export const ZSyncTagsRequestSchema = z.object({
  /** The contact whose tags are replaced. */
  contactId: zIdParam,
  /** The contact's tags afterwards: existing ones by id, new ones by name (created). */
  tags: z
    .array(
      z
        .object({
          /** An existing tag of the company. */
          id: zIdParam.optional(),
          /** A tag name, created when the company has none by that name. */
          name: z.string().optional(),
        })
        .refine((t) => t.id !== undefined || (t.name ?? "").trim() !== "", "Required"),
    )
    .max(100),
});
export type TSyncTagsRequest = z.infer<typeof ZSyncTagsRequestSchema>;

export const ZCreateTicketNoteRequestSchema = z.object({
  /** The note's text (spec 1 §5: required, at least 2 characters). */
  note: z.string({ error: required }).trim().min(1, "Required").min(2, "Too Short!").max(5000, "Too Long!"),
  /** The ticket the note is about. */
  ticketId: zIdParam,
  /** The ticket's contact (optional: taken from the ticket). */
  contactId: zIdParam.optional(),
});
export type TCreateTicketNoteRequest = z.infer<typeof ZCreateTicketNoteRequestSchema>;

export type TagDTO = {
  id: number;
  name: string;
  color: string;
  kanban: number;
  // The lane settings (spec 2 §3 Tag) come with the tag calls' answers; a contact's or ticket's tags omit them.
  /** Hours before the lane timer moves a ticket on (0 never). */
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string | null;
  /** The lane's place on the co-edited board (null: not placed there; lanes then go by name). */
  lanePosition?: number | null;
};

/** A contact as the contacts calls answer it (spec 1 §3 Contact): the replicated shape and its details. */
export type ContactDetailDTO = ContactDTO & {
  whatsapp: { id: number; name: string; channel: Channel } | null;
  lgpdAcceptedAt: string | null;
  extraInfo: TExtraInfoItem[];
  tags: TagDTO[];
  createdAt: string;
};

export type ListContactsResponse = { contacts: ContactDetailDTO[]; hasMore: boolean; count: number };

export type TicketNoteDTO = {
  id: number;
  note: string;
  ticketId: number | null;
  contactId: number | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};
