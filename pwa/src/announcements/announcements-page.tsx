// /announcements (spec 3 §2 "Announcements"; super user only, others get the plan toast and go to / after 1 s,
// app.tsx): the searchable list (500 ms debounce, next page within 100 px of the bottom) with add, edit and delete
// through the announcement dialog. Announcements are the platform's, read over REST: offline the list keeps what it
// last loaded and says it needs a connection; a change made elsewhere reloads it (the 'announcements' frame).
import type { AnnouncementDTO } from "@chatflow/core/contract/announcements.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Badge } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { MegaphoneIcon, PaperclipIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { AnnouncementModal } from "./announcement-modal.tsx";
import { useAnnouncementPages, useDeleteAnnouncement } from "./announcements-data.ts";
import { PRIORITY_TONE } from "./announcements-feed.ts";
import "./announcements.css";

export function AnnouncementsPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500).trim();
  const list = useAnnouncementPages(search, online);
  const { reload } = list;
  const deleteAnnouncement = useDeleteAnnouncement();

  const [editing, setEditing] = useState<AnnouncementDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<AnnouncementDTO | null>(null);

  async function remove(a: AnnouncementDTO) {
    try {
      await deleteAnnouncement(a.id);
    } catch (err) {
      throw new Error(errorText(err) || t("announcementsPage.toasts.deleteFailed"));
    }
    showToast(t("announcementsPage.toasts.deleted"), "info");
    reload();
  }

  const notice = !online ? t("announcementsPage.offline") : list.error ? t("announcementsPage.loadError") : null;
  return (
    <ListPage
      className="announcements-page"
      data-testid="announcements-page"
      title={
        list.count !== null
          ? t("announcementsPage.titleWithCount", { count: list.count })
          : t("announcementsPage.title")
      }
      add={{
        label: t("announcementsPage.add"),
        onPress: () => setEditing("new"),
        isDisabled: !online,
        "data-testid": "announcements-add",
      }}
      search={{
        label: t("announcementsPage.search"),
        value: searchText,
        onChange: setSearchText,
        "data-testid": "announcements-search",
      }}
      notice={notice}
    >
      <ListBody
        items={list.loaded || list.items.length > 0 ? list.items : null}
        online={online}
        failed={Boolean(list.error)}
        empty={<EmptyState icon={<MegaphoneIcon size={48} />} title={t("announcementsPage.empty")} />}
      >
        {(rows) => (
          <VirtualList
            items={rows}
            getKey={(r) => r.id}
            rowHeight={64}
            label={t("announcementsPage.listLabel")}
            hasMore={list.hasMore}
            loadingMore={list.loading}
            onEndReached={list.loadMore}
            data-testid="announcements-list"
            renderRow={(r) => (
              <ListItem
                title={r.title}
                subtitle={r.text}
                accent={`var(--${PRIORITY_TONE[r.priority] === "neutral" ? "muted" : PRIORITY_TONE[r.priority]})`}
                onAction={online ? () => setEditing(r) : undefined}
                data-testid="announcement-row"
                meta={
                  <>
                    {r.mediaPath && <PaperclipIcon size={16} />}
                    <Badge tone={PRIORITY_TONE[r.priority]}>{t(`announcementsPage.priority.${r.priority}`)}</Badge>
                    <Badge tone={r.status ? "success" : "neutral"}>
                      {r.status ? t("announcementsPage.active") : t("announcementsPage.inactive")}
                    </Badge>
                  </>
                }
                actions={
                  <EditDeleteButtons
                    editLabel={t("announcementsPage.edit", { title: r.title })}
                    deleteLabel={t("announcementsPage.delete", { title: r.title })}
                    onEdit={() => setEditing(r)}
                    onDelete={() => setDeleting(r)}
                    isDisabled={!online}
                    testId="announcement"
                  />
                }
              />
            )}
          />
        )}
      </ListBody>
      {editing !== null && (
        <AnnouncementModal
          announcement={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("announcementsPage.deleteConfirm.title", { title: deleting?.title ?? "" })}
        confirmLabel={t("announcementsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="announcement-delete-confirm"
      >
        {t("announcementsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
