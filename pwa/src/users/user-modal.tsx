import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { FormModal } from "../ui/form-modal.tsx";
import { type UserModalProps, type UserTabId, useUserForm } from "./use-user-form.ts";
import { NO_CONNECTION } from "./user-form.ts";
import { UserGeneralTab, UserPermissionsTab } from "./user-tabs.tsx";

export function UserModal({ user, online, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const queues = useReplicaQueues() ?? [];
  const whatsapps = useReplicaWhatsapps() ?? [];
  const state = useUserForm({ user, online, onClose, onSaved });
  const { tab, setTab, saving, isNew } = state;

  const connectionItems = [{ id: NO_CONNECTION, name: t("usersPage.modal.noConnection") }, ...whatsapps];

  return (
    <FormModal
      title={isNew ? t("usersPage.modal.addTitle") : t("usersPage.modal.editTitle")}
      size="large"
      onClose={onClose}
      onSubmit={() => void state.submit()}
      saving={saving}
      note={online ? null : t("usersPage.needsConnection")}
      cancelLabel={t("usersPage.modal.cancel")}
      saveLabel={t("usersPage.modal.save")}
      saveDisabled={!online}
      data-testid="user-modal"
      save-testid="user-save"
      tabs={{
        label: t("usersPage.modal.tabs"),
        selected: tab,
        onChange: (id) => setTab(id as UserTabId),
        items: [
          {
            id: "general",
            label: t("usersPage.modal.general"),
            content: <UserGeneralTab state={state} user={user} queues={queues} connections={connectionItems} />,
            className: "user-form",
            "data-testid": "user-tab-general",
          },
          {
            id: "permissions",
            label: t("usersPage.modal.permissions"),
            content: <UserPermissionsTab state={state} />,
            className: "user-form",
            "data-testid": "user-tab-permissions",
          },
        ],
      }}
    />
  );
}
