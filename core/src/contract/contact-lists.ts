// Contact lists and their items (spec 3 §2 "Contact lists", "Contact list items", §3, §5, §7 Contact lists):
// requests and answers, with the §5 rules and their messages. The PWA's forms validate with these same schemas.
import { z } from "zod";
import { ZContactEmailSchema, ZContactNumberSchema } from "./contacts.ts";
import { zId, zIdParam } from "./ids.ts";

const required = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? "Required" : undefined);

/** Spec 3 §5: a list's or an item's name, 2 to 50 characters, required. */
export const ZContactListNameSchema = z
  .string({ error: required })
  .trim()
  .min(1, "Required")
  .min(2, "Too Short!")
  .max(50, "Too Long!");

/** Lines of one page of GET /contact-lists and GET /contact-list-items. */
export const CONTACT_LISTS_PAGE_SIZE = 20;

export const ZSaveContactListRequestSchema = z.object({
  /** The list's name. */
  name: ZContactListNameSchema,
});
export type TSaveContactListRequest = z.infer<typeof ZSaveContactListRequestSchema>;

export const ZListContactListsQuerySchema = z.object({
  /** Part of the name, any case. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page of CONTACT_LISTS_PAGE_SIZE lists. */
  pageNumber: z.coerce.number().int().positive().max(1_000_000).default(1),
});

const itemFields = {
  /** The person's name, used for {nome} in campaign messages. */
  name: ZContactListNameSchema,
  /** The number with country and area code, 8 to 50 digits; once per list. */
  number: ZContactNumberSchema,
  /** Optional e-mail, used for {email} ('Invalid email'). */
  email: ZContactEmailSchema.optional().default(""),
};

export const ZCreateContactListItemRequestSchema = z.object({
  ...itemFields,
  /** The list the item joins (one of the caller's company's). */
  contactListId: zId,
});
export type TCreateContactListItemRequest = z.infer<typeof ZCreateContactListItemRequestSchema>;

export const ZUpdateContactListItemRequestSchema = z.object(itemFields);
export type TUpdateContactListItemRequest = z.infer<typeof ZUpdateContactListItemRequestSchema>;

export const ZListContactListItemsQuerySchema = ZListContactListsQuerySchema.extend({
  /** The list whose items are read. */
  contactListId: zIdParam,
});

export type ContactListDTO = { id: number; name: string; contactsCount: number; createdAt: string; updatedAt: string };
export type ContactListItemDTO = {
  id: number;
  name: string;
  number: string;
  email: string;
  /** False once a send found the number is not on WhatsApp (decision 0076). */
  isWhatsappValid: boolean;
  contactListId: number;
};
export type ContactListsPage = { records: ContactListDTO[]; count: number; hasMore: boolean };
export type ContactListItemsPage = { contacts: ContactListItemDTO[]; count: number; hasMore: boolean };

/** The example spreadsheet offered for download (spec 3 §2), served as a static file by the PWA. */
export const CONTACT_LIST_EXAMPLE_FILE = "/planilha-exemplo-lista-contatos.xlsx";
