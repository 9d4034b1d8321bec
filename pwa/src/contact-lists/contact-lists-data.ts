// The contact lists area's data (issue 20: screens call hooks; this file owns the paths). Contact lists and
// their items are admin REST (/contact-lists page by page, /contact-list-items page by page, POST/PUT/DELETE);
// another admin's change, or an import ending, stamps the contactLists or contactListItems list.
import type {
  ContactListDTO,
  ContactListItemDTO,
  ContactListItemsPage as ContactListItemsAnswer,
  ContactListsPage as ContactListsAnswer,
} from "@chatflow/core/contract/contact-lists.ts";
import { useCallback } from "react";
import { restCollection } from "../api/rest-collection.ts";
import { usePaged } from "../api/use-paged.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { type ItemForm, saveItem, saveList } from "./contact-list-forms.ts";

/** The contact lists screen's records (another admin's change: the contactLists list). */
export const contactListsCollection = restCollection<ContactListDTO, ContactListsAnswer>(
  "/contact-lists",
  (answer) => ({ items: answer.records, hasMore: answer.hasMore, count: answer.count }),
  "contactLists",
);

/**
 * One list's items matching `search` page by page, and the list itself (its name), while online; both are
 * read again on another admin's change or an import ending (spec 3 §4 live updates), or by `reload`.
 */
export function useContactListItems(contactListId: number, search: string, online: boolean) {
  const items = usePaged<ContactListItemDTO>(`${contactListId}|${search}`, online, async (page) => {
    const q = new URLSearchParams({ contactListId: String(contactListId), pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<ContactListItemsAnswer>(`/contact-list-items?${q}`);
    return { items: res.contacts, hasMore: res.hasMore, count: res.count };
  });
  const list = useRestQuery<ContactListDTO>(
    online && Number.isInteger(contactListId) ? `/contact-lists/${contactListId}` : null,
  );
  const reloadItems = items.reload;
  const reloadList = list.reload;
  const reload = useCallback(() => {
    reloadItems();
    void reloadList();
  }, [reloadItems, reloadList]);
  useListChanged(db, "contactListItems", reload);
  return { items, list: list.data ?? null, reload };
}

export function useDeleteContactListItem() {
  return useCallback(async (id: number) => {
    await api.delete(`/contact-list-items/${id}`);
  }, []);
}

export function useSaveContactList() {
  return useCallback((form: { name: string }, existing: ContactListDTO | null) => saveList(api, form, existing), []);
}

export function useSaveContactListItem() {
  return useCallback(
    (contactListId: number, form: ItemForm, existing: ContactListItemDTO | null) =>
      saveItem(api, contactListId, form, existing),
    [],
  );
}
