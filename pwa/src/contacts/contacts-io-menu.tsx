// The contacts page's import/export menu (spec 1 §2 "Contacts list"): import from the phone (a dialog, decision 0112,
// needs a connection), import a spreadsheet (its own screen), and
// for admins export the filtered contacts to contatos.csv, which needs a connection. On phones it folds to an icon.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { saveFile } from "../api/download-file.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { DownloadIcon, MoreIcon, PhoneIcon, UploadIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { showToast } from "../ui/toasts.ts";
import type { ContactFilter } from "./contact-list.ts";
import { exportContactsCsv } from "./contacts-data.ts";
import { ImportPhoneDialog } from "./import-phone-dialog.tsx";

export function ContactsIoMenu({
  filter,
  online,
  admin,
  compact,
}: {
  /** What the list shows: the export writes the same contacts. */
  filter: ContactFilter;
  online: boolean;
  admin: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [importingPhone, setImportingPhone] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const blob = await exportContactsCsv(filter);
      saveFile(blob, "contatos.csv");
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <MenuTrigger>
        {compact ? (
          <IconButton label={t("contactsPage.importExport")} variant="secondary" data-testid="contacts-io-menu">
            <MoreIcon />
          </IconButton>
        ) : (
          <Button icon={<UploadIcon />} data-testid="contacts-io-menu" isPending={exporting}>
            {t("contactsPage.importExport")}
          </Button>
        )}
        <Menu
          label={t("contactsPage.importExport")}
          onAction={(key) => {
            if (key === "importPhone") setImportingPhone(true);
            if (key === "import") navigate("/contacts/import");
            if (key === "export") void exportCsv();
          }}
          disabledKeys={online ? [] : ["importPhone", "export"]}
        >
          <MenuItem id="importPhone" icon={<PhoneIcon />}>
            {online ? t("contactsPage.importFromPhone") : t("contactsPage.importFromPhoneOffline")}
          </MenuItem>
          <MenuItem id="import" icon={<UploadIcon />}>
            {t("contactsPage.importSpreadsheet")}
          </MenuItem>
          {admin && (
            <MenuItem id="export" icon={<DownloadIcon />}>
              {online ? t("contactsPage.export") : t("contactsPage.exportOffline")}
            </MenuItem>
          )}
        </Menu>
      </MenuTrigger>
      {importingPhone && <ImportPhoneDialog online={online} onClose={() => setImportingPhone(false)} />}
    </>
  );
}
