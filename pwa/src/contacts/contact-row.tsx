// One row of the contacts list: picture, name, number, e-mail and connection, its state
// (active, blocked, or a change still on its way), and its actions: buttons on a desk, one
// menu on a phone.
import { useTranslation } from "react-i18next";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { ChatIcon, EditIcon, LockIcon, MoreIcon, TrashIcon, UnlockIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import type { ContactRow } from "./contact-list.ts";

export type ContactRowProps = {
  row: ContactRow;
  /** Admins delete (contacts-page:deleteContact). */
  admin: boolean;
  /** One actions menu instead of a button per action (phones). */
  compact: boolean;
  onEdit: () => void;
  onStartTicket: () => void;
  onToggleBlock: () => void;
  onDelete: () => void;
};

export function ContactRowItem({
  row,
  admin,
  compact,
  onEdit,
  onStartTicket,
  onToggleBlock,
  onDelete,
}: ContactRowProps) {
  const { t } = useTranslation();
  const name = row.name;
  const stored = row.id !== null;
  // spec 1 §2: blocked contacts cannot start a ticket.
  const canStart = stored && row.active;
  const subtitle = [row.number, row.email, row.connectionName].filter(Boolean).join(" · ");
  const state =
    row.state === "creating" ? (
      <Badge tone="warning">{t("contactsPage.status.creating")}</Badge>
    ) : row.state === "changing" ? (
      <Badge tone="warning">{t("contactsPage.status.changing")}</Badge>
    ) : null;
  const actions = !stored ? null : compact ? (
    <MenuTrigger>
      <IconButton label={t("contactsPage.actions.menu", { name })} data-testid="contact-actions">
        <MoreIcon />
      </IconButton>
      <Menu
        label={t("contactsPage.actions.menu", { name })}
        disabledKeys={canStart ? [] : ["start"]}
        onAction={(key) => {
          if (key === "start") onStartTicket();
          if (key === "edit") onEdit();
          if (key === "block") onToggleBlock();
          if (key === "delete") onDelete();
        }}
      >
        <MenuItem id="start" icon={<ChatIcon />}>
          {t("contactsPage.actions.startShort")}
        </MenuItem>
        <MenuItem id="edit" icon={<EditIcon />}>
          {t("contactsPage.actions.editShort")}
        </MenuItem>
        <MenuItem id="block" icon={row.active ? <LockIcon /> : <UnlockIcon />}>
          {row.active ? t("contactsPage.actions.blockShort") : t("contactsPage.actions.unblockShort")}
        </MenuItem>
        {admin && (
          <MenuItem id="delete" icon={<TrashIcon />} tone="danger">
            {t("contactsPage.actions.deleteShort")}
          </MenuItem>
        )}
      </Menu>
    </MenuTrigger>
  ) : (
    <>
      <IconButton
        label={canStart ? t("contactsPage.actions.start", { name }) : t("contactsPage.actions.startBlocked", { name })}
        isDisabled={!canStart}
        onPress={onStartTicket}
        data-testid="contact-start-ticket"
      >
        <ChatIcon />
      </IconButton>
      <IconButton label={t("contactsPage.actions.edit", { name })} onPress={onEdit} data-testid="contact-edit">
        <EditIcon />
      </IconButton>
      <IconButton
        label={row.active ? t("contactsPage.actions.block", { name }) : t("contactsPage.actions.unblock", { name })}
        onPress={onToggleBlock}
        data-testid="contact-block"
      >
        {row.active ? <LockIcon /> : <UnlockIcon />}
      </IconButton>
      {admin && (
        <IconButton
          label={t("contactsPage.actions.delete", { name })}
          variant="ghost"
          onPress={onDelete}
          data-testid="contact-delete"
        >
          <TrashIcon />
        </IconButton>
      )}
    </>
  );
  return (
    <ListItem
      className="contact-row"
      data-testid="contact-row"
      leading={<Avatar name={name} src={row.urlPicture} size={40} />}
      title={name}
      subtitle={subtitle}
      meta={
        <>
          {/* On a phone only the exception (blocked) takes room from the number. */}
          {(row.active ? !compact : true) && (
            <Badge tone={row.active ? "success" : "danger"} data-testid="contact-status">
              {row.active ? t("contactsPage.status.active") : t("contactsPage.status.blocked")}
            </Badge>
          )}
          {state}
        </>
      }
      actions={actions}
    />
  );
}
