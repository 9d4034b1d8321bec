// The admin screens that list one kind of record over REST (file lists, integrations, contact lists, campaigns):
// a heading with add, a search debounced 500 ms, the records page by page (the next one within 100 px of the end,
// spec 2 §9), each row with its own actions then edit and delete, the editor in a modal, a delete confirmed first,
// and the list loaded again on another admin's change. Offline the screen keeps what it last loaded and says
// that it needs a connection. A screen gives its texts' key prefix, its test-id prefixes and what differs: the
// row's text, extra actions and the editor. On a phone a row with more than two actions shows them in one menu.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RestCollection } from "../api/rest-collection.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { PlusIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { CrudListRow, type CrudRecord, type CrudRow } from "./crud-list-row.tsx";
import { useCrudList } from "./use-crud-list.ts";
import { useOnline } from "./use-online.ts";

export type { CrudAction, CrudRecord, CrudRow } from "./crud-list-row.tsx";

const ROW_HEIGHT = 64;

export type CrudPage<T> = { items: T[]; hasMore: boolean; count?: number };

export type CrudListPageProps<T extends CrudRecord> = {
  /**
   * The key prefix of the screen's texts: title, add, search, empty, listLabel, offline, loadError, edit, delete,
   * toasts.deleted and deleteConfirm.{title, confirm, text}.
   */
  texts: string;
  /** Test ids: `${page}-page`, -add, -search, -list; `${item}-row`, -edit, -delete, -delete-confirm. */
  ids: { page: string; item: string };
  /** The records, from the area's data file (api/rest-collection.ts): their pages, delete and change list. */
  collection: RestCollection<T>;
  emptyIcon: ReactNode;
  className?: string;
  /** The title carries the count of records ({{count}}). */
  countInTitle?: boolean;
  /** The search is sent in lower case (the screens whose routes compare so). */
  lowercaseSearch?: boolean;
  /** Buttons before add. */
  headerActions?: ReactNode;
  row: (record: T, tools: { online: boolean; reload: () => void }) => CrudRow;
  /** The editor of a record (null: a new one), in a modal. */
  editor: (record: T | null, online: boolean, close: () => void, saved: () => void) => ReactNode;
};

export function CrudListPage<T extends CrudRecord>({
  texts,
  ids,
  collection,
  emptyIcon,
  className,
  countInTitle = false,
  lowercaseSearch = false,
  headerActions,
  row,
  editor,
}: CrudListPageProps<T>) {
  const { t } = useTranslation();
  const online = useOnline();
  const compact = useMediaQuery(NARROW_QUERY);
  const { searchText, setSearchText, list, editing, setEditing, deleting, setDeleting, remove } = useCrudList({
    collection,
    texts,
    lowercaseSearch,
    online,
  });

  const notice = !online ? t(`${texts}.offline`) : list.error ? t(`${texts}.loadError`) : null;
  return (
    <ListPage
      className={className}
      data-testid={`${ids.page}-page`}
      title={countInTitle ? t(`${texts}.title`, { count: list.count ?? list.items.length }) : t(`${texts}.title`)}
      actions={
        <>
          {headerActions}
          <Button
            variant="primary"
            icon={<PlusIcon />}
            onPress={() => setEditing("new")}
            isDisabled={!online}
            data-testid={`${ids.page}-add`}
          >
            {t(`${texts}.add`)}
          </Button>
        </>
      }
      toolbar={
        <SearchField
          label={t(`${texts}.search`)}
          placeholder={t(`${texts}.search`)}
          value={searchText}
          onChange={setSearchText}
          data-testid={`${ids.page}-search`}
        />
      }
      notice={notice}
    >
      <ListBody
        items={list.loaded ? list.items : null}
        online={online}
        failed={Boolean(list.error)}
        empty={<EmptyState icon={emptyIcon} title={t(`${texts}.empty`)} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={ROW_HEIGHT}
            label={t(`${texts}.listLabel`)}
            hasMore={online && list.hasMore}
            loadingMore={list.loading}
            onEndReached={list.loadMore}
            data-testid={`${ids.page}-list`}
            renderRow={(r) => (
              <CrudListRow
                record={r}
                shown={row(r, { online, reload: list.reload })}
                texts={texts}
                itemId={ids.item}
                online={online}
                compact={compact}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            )}
          />
        )}
      </ListBody>
      {editing !== null && editor(editing === "new" ? null : editing, online, () => setEditing(null), list.reload)}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(`${texts}.deleteConfirm.title`, { name: deleting?.name ?? "" })}
        confirmLabel={t(`${texts}.deleteConfirm.confirm`)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid={`${ids.item}-delete-confirm`}
      >
        {t(`${texts}.deleteConfirm.text`)}
      </ConfirmDialog>
    </ListPage>
  );
}
