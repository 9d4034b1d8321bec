// /contact-lists/{contactListId}/contacts (spec 3 §2 "Contact list items"; admins of a plan with useCampaigns):
// search, back to the lists, reload, import of an .xls/.xlsx file after a confirmation, add, edit and delete,
// each item with its whatsapp-valid icon (decision 0076). The import runs as the contacts import does: the
// upload answers the counts, or a job polled until it ends (import-job.ts).
import type {
  ContactListDTO,
  ContactListItemDTO,
  ContactListItemsPage as ContactListItemsAnswer,
} from "@chatflow/core/contract/contact-lists.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { uploadWithProgress } from "../api/upload-progress.ts";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api, tokens } from "../app-services.ts";
import { type ImportJob, type ImportProgress, importSpreadsheet } from "../contacts/import-job.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { Badge } from "../ui/badge.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import {
  BackIcon,
  ContactsIcon,
  EditIcon,
  ErrorIcon,
  PlusIcon,
  RefreshIcon,
  TrashIcon,
  UploadIcon,
  WhatsappIcon,
} from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { CONTACT_LIST_MESSAGES } from "./contact-list-forms.ts";
import { ContactListItemModal } from "./contact-list-modals.tsx";
import "./contact-lists.css";

const ROW_HEIGHT = 64;
/** Spec 3 §5: a list imports only .xls and .xlsx. */
const LIST_SHEET_TYPES = [".xls", ".xlsx"];

export function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const contactListId = Number(useParams().contactListId);
  const [list, setList] = useState<ContactListDTO | null>(null);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const items = usePaged<ContactListItemDTO>(`${contactListId}|${search}`, online, async (page) => {
    const q = new URLSearchParams({ contactListId: String(contactListId), pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<ContactListItemsAnswer>(`/contact-list-items?${q}`);
    return { items: res.contacts, hasMore: res.hasMore, count: res.count };
  });
  const loadList = useCallback(() => {
    if (!online || !Number.isInteger(contactListId)) return;
    api.get<ContactListDTO>(`/contact-lists/${contactListId}`).then(setList, () => {});
  }, [online, contactListId]);
  useEffect(loadList, [loadList]);
  const reload = () => {
    items.reload();
    loadList();
  };
  // Another admin's change, or an import ending (spec 3 §4 live updates).
  useListChanged(db, "contactListItems", reload);

  const [editing, setEditing] = useState<ContactListItemDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactListItemDTO | null>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [importing, setImporting] = useState<ImportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  function pick(files: File[]) {
    const file = files[0];
    if (!file) return;
    if (!LIST_SHEET_TYPES.some((ext) => file.name.toLowerCase().endsWith(ext))) {
      showToast(t("contactListsPage.items.importType"));
      return;
    }
    setPicked(file);
  }

  async function runImport(file: File) {
    abort.current = new AbortController();
    const end = await importSpreadsheet(
      file,
      {
        upload: (form, onProgress) =>
          uploadWithProgress({
            url: `${window.location.origin}/contact-lists/${contactListId}/upload`,
            form: () => form,
            getToken: () => tokens.get(),
            renew: () => api.get("/auth/me"),
            onProgress,
          }),
        job: (id) => api.get<ImportJob>(`/contacts/upload/${id}`),
        signal: abort.current.signal,
      },
      setImporting,
    );
    setImporting(null);
    if (end.phase === "finished") {
      showToast(t("contactListsPage.items.imported", { created: end.created, ignored: end.ignored }), "info");
      reload();
    } else if (end.phase === "failed") {
      showToast(
        Object.values(serverFieldErrors(end.error?.fields, CONTACT_LIST_MESSAGES)).join(" ") ||
          errorText(end.error ?? end.cause),
      );
    }
  }

  async function remove(item: ContactListItemDTO) {
    try {
      await api.delete(`/contact-list-items/${item.id}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
    showToast(t("contactListsPage.toasts.deleted"), "info");
    reload();
  }

  const busy = importing !== null;
  const count = items.count ?? items.items.length;
  const notice = !online ? t("contactListsPage.offline") : items.error ? t("contactListsPage.loadError") : null;
  return (
    <ListPage
      className="contact-lists-page"
      data-testid="contact-list-items-page"
      title={t("contactListsPage.items.title", { name: list?.name ?? "", count })}
      actions={
        <>
          <Button variant="ghost" icon={<BackIcon />} onPress={() => navigate("/contact-lists")}>
            {t("contactListsPage.items.lists")}
          </Button>
          <IconButton label={t("contactListsPage.items.reload")} onPress={reload} isDisabled={!online}>
            <RefreshIcon />
          </IconButton>
          <FileButton
            acceptedFileTypes={LIST_SHEET_TYPES}
            onSelect={pick}
            icon={<UploadIcon />}
            isDisabled={!online || busy}
            data-testid="contact-list-import"
          >
            {t("contactListsPage.items.import")}
          </FileButton>
          <Button
            variant="primary"
            icon={<PlusIcon />}
            onPress={() => setEditing("new")}
            isDisabled={!online}
            data-testid="contact-list-items-add"
          >
            {t("contactListsPage.items.add")}
          </Button>
        </>
      }
      toolbar={
        <>
          <SearchField
            label={t("contactListsPage.search")}
            placeholder={t("contactListsPage.search")}
            value={searchText}
            onChange={setSearchText}
            data-testid="contact-list-items-search"
          />
          {importing && (
            <ProgressBar
              label={t("contactListsPage.items.importing")}
              {...(importing.phase === "uploading"
                ? { value: Math.round(importing.fraction * 100) }
                : { isIndeterminate: true })}
            />
          )}
        </>
      }
      notice={notice}
    >
      <ListBody
        items={items.loaded ? items.items : null}
        online={online}
        failed={Boolean(items.error)}
        empty={<EmptyState icon={<ContactsIcon size={48} />} title={t("contactListsPage.items.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={ROW_HEIGHT}
            label={t("contactListsPage.items.listLabel")}
            hasMore={online && items.hasMore}
            loadingMore={items.loading}
            onEndReached={items.loadMore}
            data-testid="contact-list-items-list"
            renderRow={(item) => (
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
                onAction={() => online && setEditing(item)}
                actions={
                  <>
                    <IconButton
                      label={t("contactListsPage.items.edit", { name: item.name })}
                      onPress={() => setEditing(item)}
                      isDisabled={!online}
                      data-testid="contact-list-item-edit"
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      label={t("contactListsPage.items.delete", { name: item.name })}
                      onPress={() => setDeleting(item)}
                      isDisabled={!online}
                      data-testid="contact-list-item-delete"
                    >
                      <TrashIcon />
                    </IconButton>
                  </>
                }
              />
            )}
          />
        )}
      </ListBody>
      {editing !== null && (
        <ContactListItemModal
          contactListId={contactListId}
          item={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <ConfirmDialog
        isOpen={picked !== null}
        onOpenChange={(open) => !open && setPicked(null)}
        title={t("contactListsPage.items.importConfirm.title", { file: picked?.name ?? "" })}
        confirmLabel={t("contactListsPage.items.importConfirm.confirm")}
        tone="primary"
        onConfirm={() => {
          if (picked) void runImport(picked);
          setPicked(null);
        }}
        data-testid="contact-list-import-confirm"
      >
        {t("contactListsPage.items.importConfirm.text")}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("contactListsPage.items.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("contactListsPage.items.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="contact-list-item-delete-confirm"
      >
        {t("contactListsPage.items.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
