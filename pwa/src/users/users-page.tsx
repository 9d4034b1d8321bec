// /users (spec 1 §2 "Users list"; admins only, app-routes.ts): search, add, and the list of
// ID, status, avatar, name, e-mail, profile and working hours with edit and delete, loaded
// page by page from core as it scrolls. Managing users is REST-only (no push mutation):
// offline the list shows the replica's copy and the changes say they need a connection.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import type { UserAnswer } from "@chatflow/core/contract/users.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { UsersIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { localUsers } from "./user-list.ts";
import { UserModal } from "./user-modal.tsx";
import "./users.css";
import { useDeleteUser, useReplicaUsers, useUserPages } from "./users-data.ts";

const ROW_HEIGHT = 64;

export function UsersPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const online = useOnline();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const server = useUserPages(search, online);
  // Offline (or before core answered): the admin's replica holds the company's users whole.
  const replica = useReplicaUsers();
  const deleteUser = useDeleteUser();
  const rows = useMemo(
    () => (online && server.loaded ? server.items : localUsers(replica ?? [], search)),
    [online, server.loaded, server.items, replica, search],
  );

  const [editing, setEditing] = useState<UserAnswer | UserDTO | "new" | null>(null);
  const [deleting, setDeleting] = useState<UserAnswer | UserDTO | null>(null);

  async function remove(user: UserAnswer | UserDTO) {
    await deleteUser(user.id);
    showToast(t("usersPage.toasts.deleted"), "info");
    server.reload();
  }

  const notice = !online ? t("usersPage.offline") : server.error ? t("usersPage.loadError") : null;
  return (
    <ListPage
      className="users-page"
      data-testid="users-page"
      title={t("usersPage.title")}
      add={{
        label: t("usersPage.add"),
        onPress: () => setEditing("new"),
        isDisabled: !online,
        "data-testid": "users-add",
      }}
      search={{
        label: t("usersPage.search"),
        value: searchText,
        onChange: setSearchText,
        "data-testid": "users-search",
      }}
      notice={notice}
    >
      {rows.length === 0 && (server.loaded || !online) ? (
        <EmptyState icon={<UsersIcon size={48} />} title={t("usersPage.empty")} />
      ) : (
        <VirtualList
          items={rows}
          getKey={(u) => u.id}
          rowHeight={ROW_HEIGHT}
          label={t("usersPage.listLabel")}
          hasMore={online && server.hasMore}
          loadingMore={server.loading}
          onEndReached={server.loadMore}
          data-testid="users-list"
          renderRow={(u) => {
            // Not oneself (core refuses it: a company must keep its admin), nor the super user unless super.
            const mayDelete = u.id !== me?.id && (!u.super || me?.super === true);
            return (
              <ListItem
                className="user-row"
                data-testid="user-row"
                leading={<Avatar name={u.name} src={u.profileImage} color={u.color} size={40} />}
                title={u.name}
                subtitle={[
                  u.email,
                  t(`usersPage.profiles.${u.profile}`),
                  t("usersPage.workHours", { start: u.startWork, end: u.endWork }),
                ].join(" · ")}
                meta={
                  <>
                    <span className="user-row-id">{t("usersPage.id", { id: u.id })}</span>
                    <Badge tone={u.online ? "success" : "neutral"}>
                      {u.online ? t("usersPage.online") : t("usersPage.offlineStatus")}
                    </Badge>
                  </>
                }
                actions={
                  <EditDeleteButtons
                    editLabel={t("usersPage.edit", { name: u.name })}
                    deleteLabel={t("usersPage.delete", { name: u.name })}
                    onEdit={() => setEditing(u)}
                    onDelete={mayDelete ? () => setDeleting(u) : undefined}
                    isDisabled={!online}
                    testId="user"
                  />
                }
              />
            );
          }}
        />
      )}
      {editing !== null && (
        <UserModal
          user={editing === "new" ? null : editing}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={() => server.reload()}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("usersPage.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("usersPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="user-delete-confirm"
      >
        {t("usersPage.deleteConfirm.text")}
      </ConfirmDialog>
    </ListPage>
  );
}
