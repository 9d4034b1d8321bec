// One row of the admin CRUD lists (crud-list-page.tsx): the record's name and what its screen shows besides, then
// its own actions, edit and delete; on a phone more than two actions fold into one menu.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { EditIcon, MoreIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";

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

/** A record's row: its name and what `shown` adds, opening `shown.href` or the editor, with its actions. */
export function CrudListRow<T extends CrudRecord>({
  record,
  shown,
  texts,
  itemId,
  online,
  compact,
  onEdit,
  onDelete,
}: {
  record: T;
  shown: CrudRow;
  /** The key prefix of the screen's texts (edit, delete). */
  texts: string;
  /** The test-id prefix of the row and its edit and delete. */
  itemId: string;
  online: boolean;
  compact: boolean;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
}) {
  const { t } = useTranslation();
  const r = record;
  return (
    <ListItem
      data-testid={`${itemId}-row`}
      leading={shown.leading}
      title={r.name}
      subtitle={shown.subtitle}
      meta={shown.meta}
      href={shown.href}
      onAction={shown.href === undefined ? () => onEdit(r) : undefined}
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
              onAction: () => onEdit(r),
              isDisabled: !online,
              "data-testid": `${itemId}-edit`,
            },
            {
              id: "delete",
              label: t(`${texts}.delete`, { name: r.name }),
              icon: <TrashIcon />,
              onAction: () => onDelete(r),
              isDisabled: !online,
              tone: "danger",
              "data-testid": `${itemId}-delete`,
            },
          ]}
        />
      }
    />
  );
}
