// The connection dialog (spec 2 §2): the tabs of connection-tabs.tsx around one form, saved with
// POST /whatsapp or PUT /whatsapp/{id}. Every §5 rule is checked before sending and shown on its field
// (the tab with the first error opens); core's refusals land on their fields the same way. Editing a
// connected session's import options warns that saving resets the session (spec 2 §4).
import type { Channel, QueueDTO } from "@chatflow/core/contract/entities.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { errorText } from "../i18n/translate-error.ts";
import { FormModal } from "../ui/form-modal.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  type ConnectionErrors,
  type ConnectionForm,
  type ConnectionTab,
  connectionFormFrom,
  importResetsSession,
  newConnectionForm,
  tabOfField,
  validateConnectionForm,
} from "./connection-form.ts";
import { connectionIntegrationsAllowed } from "./connection-integrations-tab.tsx";
import type { CompanyLists } from "./connection-tab-props.ts";
import { connectionTabs } from "./connection-tabs.tsx";
import { useSaveConnection } from "./connections-data.ts";

export function ConnectionModal({
  connection,
  channel,
  isFirst,
  queues,
  scheduleType,
  userRating,
  online,
  onClose,
  onSaved,
  company,
}: {
  /** null adds a connection of `channel`. */
  connection: WhatsappAnswer | null;
  channel: Channel;
  /** The company has no connection yet: the new one is its default. */
  isFirst: boolean;
  queues: readonly Pick<QueueDTO, "id" | "name">[];
  /** The company's scheduleType; "connection" shows the schedules tab. */
  scheduleType: string;
  /** The company's userRating setting is on. */
  userRating: boolean;
  online: boolean;
  onClose: () => void;
  onSaved: (saved: WhatsappAnswer) => void;
  /** Another company's connection, opened by the super user: its name and its lists (decision 0105). */
  company?: { name: string; lists: CompanyLists };
}) {
  const { t } = useTranslation();
  const saveConnection = useSaveConnection();
  const [form, setForm] = useState<ConnectionForm>(() =>
    connection ? connectionFormFrom(connection) : newConnectionForm(channel, isFirst),
  );
  const [errors, setErrors] = useState<ConnectionErrors>({});
  const [tab, setTab] = useState<ConnectionTab>("general");
  const [saving, setSaving] = useState(false);
  const withHours = scheduleType === "connection";
  const user = useSessionUser();
  const set = <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  function showErrors(found: ConnectionErrors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setTab(tabOfField(first));
  }

  async function submit() {
    if (saving || !online) return;
    const found = validateConnectionForm(form, { userRating, withHours });
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const outcome = await saveConnection(form, connection, { withHours });
      if (!outcome.ok) {
        if (Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
        else showToast(errorText(outcome.error));
        return;
      }
      onSaved(outcome.connection);
      showToast(t("connectionsPage.toasts.saved"), "info");
      onClose();
    } finally {
      setSaving(false);
    }
  }

  const tabs = connectionTabs(
    { form, set, errors, queues, existing: connection, online, lists: company?.lists },
    {
      withHours,
      resetWarning: importResetsSession(form, connection),
      withIntegrations: company
        ? company.lists.integrations !== null || company.lists.prompts !== null
        : connectionIntegrationsAllowed(user),
    },
    t,
  );
  return (
    <FormModal
      title={connection ? t("connectionsPage.modal.editTitle") : t("connectionsPage.modal.addTitle")}
      size="large"
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("connectionsPage.needsConnection")}
      cancelLabel={t("connectionsPage.modal.cancel")}
      saveLabel={t("connectionsPage.modal.save")}
      saveDisabled={!online}
      data-testid="connection-modal"
      save-testid="connection-save"
      tabs={{
        label: t("connectionsPage.modal.tabs"),
        className: "connection-tabs",
        selected: tab,
        onChange: (id) => setTab(id as ConnectionTab),
        items: tabs.map((x) => ({
          ...x,
          className: "connection-form",
          "data-testid": `connection-tab-${x.id}`,
        })),
      }}
    >
      {company && (
        <p className="connection-channel" data-testid="connection-company">
          {t("connectionsPage.all.company")}: {company.name}
        </p>
      )}
      <p className="connection-channel" data-testid="connection-channel">
        {t("connectionsPage.modal.channel")}: {t(`connectionsPage.channels.${form.channel}`)}
      </p>
    </FormModal>
  );
}
