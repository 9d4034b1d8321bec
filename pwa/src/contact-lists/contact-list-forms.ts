// The contact list and list item forms (spec 3 §3, §5): checked with the contract's schemas (names 2 to 50, number
// 8 to 50 digits, 'Invalid email'), then saved; core's field errors come back under the same fields.
import {
  type ContactListDTO,
  type ContactListItemDTO,
  ZSaveContactListRequestSchema,
  ZUpdateContactListItemRequestSchema,
} from "@chatflow/core/contract/contact-lists.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export const CONTACT_LIST_MESSAGES: Record<string, string> = {
  "Number already in the list": "contactListsPage.items.validation.numberTaken",
  "Invalid email": "contactListsPage.items.validation.invalidEmail",
};

export type ItemForm = { name: string; number: string; email: string };

export type SaveOutcome<T> = { ok: true; saved: T } | { ok: false; errors: Record<string, string>; error: unknown };

export function validateListForm(form: { name: string }): Record<string, string> {
  const parsed = ZSaveContactListRequestSchema.safeParse(form);
  return parsed.success ? {} : fieldErrors(parsed.error, CONTACT_LIST_MESSAGES);
}

export function validateItemForm(form: ItemForm): Record<string, string> {
  const parsed = ZUpdateContactListItemRequestSchema.safeParse(form);
  return parsed.success ? {} : fieldErrors(parsed.error, CONTACT_LIST_MESSAGES);
}

async function saving<T>(call: () => Promise<T>): Promise<SaveOutcome<T>> {
  try {
    return { ok: true, saved: await call() };
  } catch (error) {
    const errors = error instanceof ApiError ? serverFieldErrors(error.body?.fields, CONTACT_LIST_MESSAGES) : {};
    return { ok: false, errors, error };
  }
}

export function saveList(api: ApiClient, form: { name: string }, existing: ContactListDTO | null) {
  return saving(() =>
    existing
      ? api.put<ContactListDTO>(`/contact-lists/${existing.id}`, form)
      : api.post<ContactListDTO>("/contact-lists", form),
  );
}

export function saveItem(api: ApiClient, contactListId: number, form: ItemForm, existing: ContactListItemDTO | null) {
  return saving(() =>
    existing
      ? api.put<ContactListItemDTO>(`/contact-list-items/${existing.id}`, form)
      : api.post<ContactListItemDTO>("/contact-list-items", { ...form, contactListId }),
  );
}
