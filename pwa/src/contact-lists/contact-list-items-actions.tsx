// The header actions of a contact list's items (spec 3 §2): back to the lists, reload, import an .xls/.xlsx file
// (the page confirms before it runs), and add an item.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button, IconButton } from "../ui/button.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { BackIcon, PlusIcon, RefreshIcon, UploadIcon } from "../ui/icons.tsx";

/** Spec 3 §5: a list imports only .xls and .xlsx. */
export const LIST_SHEET_TYPES = [".xls", ".xlsx"];

export function ContactListItemsActions({
  online,
  busy,
  onReload,
  onPick,
  onAdd,
}: {
  online: boolean;
  /** An import is running. */
  busy: boolean;
  onReload: () => void;
  onPick: (files: File[]) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="ghost" icon={<BackIcon />} onPress={() => navigate("/contact-lists")}>
        {t("contactListsPage.items.lists")}
      </Button>
      <IconButton label={t("contactListsPage.items.reload")} onPress={onReload} isDisabled={!online}>
        <RefreshIcon />
      </IconButton>
      <FileButton
        acceptedFileTypes={LIST_SHEET_TYPES}
        onSelect={onPick}
        icon={<UploadIcon />}
        isDisabled={!online || busy}
        data-testid="contact-list-import"
      >
        {t("contactListsPage.items.import")}
      </FileButton>
      <Button
        variant="primary"
        icon={<PlusIcon />}
        onPress={onAdd}
        isDisabled={!online}
        data-testid="contact-list-items-add"
      >
        {t("contactListsPage.items.add")}
      </Button>
    </>
  );
}
