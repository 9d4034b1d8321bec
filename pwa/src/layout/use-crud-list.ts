// The state of an admin CRUD list (crud-list-page.tsx): the search debounced 500 ms, the records page by page, the
// record in the editor, and the delete the confirmation runs before the list loads again.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type RestCollection, useCollectionPages } from "../api/rest-collection.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import type { CrudRecord } from "./crud-list-row.tsx";

export function useCrudList<T extends CrudRecord>({
  collection,
  texts,
  lowercaseSearch,
  online,
}: {
  collection: RestCollection<T>;
  texts: string;
  lowercaseSearch: boolean;
  online: boolean;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const trimmed = searchText.trim();
  const search = useDebouncedValue(lowercaseSearch ? trimmed.toLowerCase() : trimmed, 500);
  const list = useCollectionPages(collection, search, online);
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  async function remove(record: T) {
    try {
      await collection.remove(record.id);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t(`${texts}.toasts.deleted`), "info");
    list.reload();
  }

  return { searchText, setSearchText, list, editing, setEditing, deleting, setDeleting, remove };
}
