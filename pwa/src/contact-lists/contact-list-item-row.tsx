// One item of a contact list (spec 3 §2 "Contact list items"): its whatsapp-valid icon (decision 0076), name,
// number and email, with edit and delete; the row itself opens the edit dialog when online.
import type { ContactListItemDTO } from "@chatflow/core/contract/contact-lists.ts";
import { useTranslation } from "react-i18next";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { EditIcon, ErrorIcon, TrashIcon, WhatsappIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";

export function ContactListItemRow({
  item,
  online,
  onEdit,
  onDelete,
}: {
  item: ContactListItemDTO;
  online: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ListItem
      data-testid="contact-list-item-row"
      leading={
        item.isWhatsappValid ? (
          <Badge tone="success" label={t("contactListsPage.items.valid")} data-testid="item-valid">
            <WhatsappIcon size={16} />
          </Badge>
        ) : (
          <Badge tone="danger" label={t("contactListsPage.items.invalid")} data-testid="item-invalid">
            <ErrorIcon size={16} />
          </Badge>
        )
      }
      title={item.name}
      subtitle={item.email ? `${item.number} · ${item.email}` : item.number}
      onAction={() => online && onEdit()}
      actions={
        <>
          <IconButton
            label={t("contactListsPage.items.edit", { name: item.name })}
            onPress={onEdit}
            isDisabled={!online}
            data-testid="contact-list-item-edit"
          >
            <EditIcon />
          </IconButton>
          <IconButton
            label={t("contactListsPage.items.delete", { name: item.name })}
            onPress={onDelete}
            isDisabled={!online}
            data-testid="contact-list-item-delete"
          >
            <TrashIcon />
          </IconButton>
        </>
      }
    />
  );
}
