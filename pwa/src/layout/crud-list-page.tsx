// The admin screens that list one kind of record over REST (file lists, integrations, contact lists, campaigns):
// a heading with add, a search debounced 500 ms, the records page by page (the next one within 100 px of the end,
// spec 2 §9), each row with its own actions then edit and delete, the editor in a modal, a delete confirmed first,
// and the list loaded again on another admin's change. Offline the screen keeps what it last loaded and says
// that it needs a connection. A screen gives its texts' key prefix, its test-id prefixes and what differs: the
// row's text, extra actions and the editor. On a phone a row with more than two actions shows them in one menu.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type RestCollection, useCollectionPages } from "../api/rest-collection.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { EditIcon, MoreIcon, PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { showToast } from "../ui/toasts.ts";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { useOnline } from "./use-online.ts";

const ROW_HEIGHT = 64;

export type CrudRecord = { id: number; name: string };

/** One of a row's actions: a button on a desk, an entry of the row's menu on a phone. */
export type CrudAction = {
  id: string;
  label: string;
  icon: ReactNode;
  onAction: () => void;
  isDisabled?: boolean;
  tone?: "danger";
  "data-testid"?: string;
};

/** What one row shows besides its name; the edit button's label and icon when they differ (a read-only view). */
export type CrudRow = {
  leading?: ReactNode;
  subtitle: ReactNode;
  meta?: ReactNode;
  /** The row opens this page; without it, the row opens the editor. */
  href?: string;
  /** Actions before edit and delete. */
  actions?: CrudAction[];
  edit?: { label: string; icon: ReactNode };
};

/** More actions than this in a row go into one menu on a phone, so the row keeps room for its name. */
const PHONE_BUTTONS = 2;

/** A row's actions: buttons, or on a phone one menu when they are more than PHONE_BUTTONS. */
function RowActions({ actions, name, compact }: { actions: CrudAction[]; name: string; compact: boolean }) {
  const { t } = useTranslation();
  if (compact && actions.length > PHONE_BUTTONS) {
    const label = t("ui.moreActions", { name });
    return (
      <MenuTrigger>
        <IconButton label={label} data-testid="row-actions">
          <MoreIcon />
        </IconButton>
        <Menu
          label={label}
          disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}
          onAction={(key) => actions.find((a) => a.id === key)?.onAction()}
        >
          {actions.map((a) => (
            <MenuItem key={a.id} id={a.id} icon={a.icon} tone={a.tone} data-testid={a["data-testid"]}>
              {a.label}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
    );
  }
  return (
    <>
      {actions.map((a) => (
        <IconButton
          key={a.id}
          label={a.label}
          onPress={a.onAction}
          isDisabled={a.isDisabled}
          data-testid={a["data-testid"]}
        >
          {a.icon}
        </IconButton>
      ))}
    </>
  );
}

export type CrudPage<T> = { items: T[]; hasMore: boolean; count?: number };

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
}: {
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
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const compact = useMediaQuery(NARROW_QUERY);
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
            renderRow={(r) => {
              const shown = row(r, { online, reload: list.reload });
              return (
                <ListItem
                  data-testid={`${ids.item}-row`}
                  leading={shown.leading}
                  title={r.name}
                  subtitle={shown.subtitle}
                  meta={shown.meta}
                  href={shown.href}
                  onAction={shown.href === undefined ? () => setEditing(r) : undefined}
                  actions={
                    <RowActions
                      name={r.name}
                      compact={compact}
                      actions={[
                        ...(shown.actions ?? []),
                        {
                          id: "edit",
                          label: shown.edit?.label ?? t(`${texts}.edit`, { name: r.name }),
                          icon: shown.edit?.icon ?? <EditIcon />,
                          onAction: () => setEditing(r),
                          isDisabled: !online,
                          "data-testid": `${ids.item}-edit`,
                        },
                        {
                          id: "delete",
                          label: t(`${texts}.delete`, { name: r.name }),
                          icon: <TrashIcon />,
                          onAction: () => setDeleting(r),
                          isDisabled: !online,
                          tone: "danger",
                          "data-testid": `${ids.item}-delete`,
                        },
                      ]}
                    />
                  }
                />
              );
            }}
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
