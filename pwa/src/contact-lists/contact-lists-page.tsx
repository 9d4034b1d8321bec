// /contact-lists (spec 3 §2 "Contact lists"; admins of a plan with useCampaigns, shown with 'cshow'): search,
// the lists page by page with each list's contact count, the example spreadsheet, open a list's items, edit
// and delete. Admin REST: offline the screen shows what it last loaded and says so.
import { CONTACT_LIST_EXAMPLE_FILE, type ContactListDTO } from "@chatflow/core/contract/contact-lists.ts";
import { useTranslation } from "react-i18next";
import { CrudListPage } from "../layout/crud-list-page.tsx";
import { Button } from "../ui/button.tsx";
import { DownloadIcon, ListIcon } from "../ui/icons.tsx";
import { ContactListModal } from "./contact-list-modals.tsx";
import { contactListsCollection } from "./contact-lists-data.ts";
import "./contact-lists.css";

/** The example spreadsheet (spec 3 §2), a static file of the app: its columns are the ones the import reads. */
function downloadExample() {
  const a = document.createElement("a");
  a.href = CONTACT_LIST_EXAMPLE_FILE;
  a.download = CONTACT_LIST_EXAMPLE_FILE.slice(1);
  a.click();
}

export function ContactListsPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<ContactListDTO>
      texts="contactListsPage"
      ids={{ page: "contact-lists", item: "contact-list" }}
      collection={contactListsCollection}
      className="contact-lists-page"
      countInTitle
      lowercaseSearch
      emptyIcon={<ListIcon size={48} />}
      headerActions={
        <Button icon={<DownloadIcon />} onPress={downloadExample} data-testid="contact-lists-example">
          {t("contactListsPage.example")}
        </Button>
      }
      row={(list) => ({
        subtitle: t("contactListsPage.contactsCount", { count: list.contactsCount }),
        href: `/contact-lists/${list.id}/contacts`,
      })}
      editor={(list, online, close, saved) => (
        <ContactListModal list={list} online={online} onClose={close} onSaved={saved} />
      )}
    />
  );
}
