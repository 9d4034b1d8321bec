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
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
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
    { form, set, errors, queues, existing: connection, online },
    {
      withHours,
      resetWarning: importResetsSession(form, connection),
      withIntegrations: connectionIntegrationsAllowed(user),
    },
    t,
  );
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={connection ? t("connectionsPage.modal.editTitle") : t("connectionsPage.modal.addTitle")}
      size="large"
      keyboardDismiss={!saving}
      onSubmit={() => void submit()}
      data-testid="connection-modal"
      actions={
        <>
          {!online && <span className="connection-offline">{t("connectionsPage.needsConnection")}</span>}
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            {t("connectionsPage.modal.cancel")}
          </Button>
          <Button type="submit" variant="primary" isPending={saving} isDisabled={!online} data-testid="connection-save">
            {t("connectionsPage.modal.save")}
          </Button>
        </>
      }
    >
      <p className="connection-channel" data-testid="connection-channel">
        {t("connectionsPage.modal.channel")}: {t(`connectionsPage.channels.${form.channel}`)}
      </p>
      <Tabs className="connection-tabs" selectedKey={tab} onSelectionChange={(k) => setTab(k as ConnectionTab)}>
        <TabList aria-label={t("connectionsPage.modal.tabs")}>
          {tabs.map((x) => (
            <Tab key={x.id} id={x.id} data-testid={`connection-tab-${x.id}`}>
              {x.label}
            </Tab>
          ))}
        </TabList>
        {tabs.map((x) => (
          <TabPanel key={x.id} id={x.id} className="connection-form">
            {x.content}
          </TabPanel>
        ))}
      </Tabs>
    </Modal>
  );
}
