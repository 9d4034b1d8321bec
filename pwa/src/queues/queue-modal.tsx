import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { QueueDataTab, QueueHoursTab } from "./queue-tabs.tsx";
import { type QueueModalProps, type QueueTabId, useQueueChoices, useQueueForm } from "./use-queue-form.ts";

export function QueueModal({ queue, queueCount, scheduleType, online, onClose, onSaved }: QueueModalProps) {
  const { t } = useTranslation();
  const state = useQueueForm({ queue, queueCount, scheduleType, online, onClose, onSaved });
  const choices = useQueueChoices(queue, online);
  const { tab, setTab, saving, isNew, withHours } = state;

  return (
    <FormModal
      title={isNew ? t("queuesPage.modal.addTitle") : t("queuesPage.modal.editTitle")}
      size="large"
      onClose={onClose}
      onSubmit={() => void state.submit()}
      saving={saving}
      note={online ? null : t("queuesPage.needsConnection")}
      cancelLabel={t("queuesPage.modal.cancel")}
      saveLabel={t("queuesPage.modal.save")}
      saveDisabled={!online}
      data-testid="queue-modal"
      save-testid="queue-save"
      // Keyed apart from save: reusing one button would turn the hours' press into a submit on its click.
      primaryAction={
        tab === "hours" ? (
          <Button key="keep-hours" variant="primary" onPress={state.keepHours} data-testid="queue-save-hours">
            {t("queuesPage.modal.saveHours")}
          </Button>
        ) : undefined
      }
      tabs={{
        label: t("queuesPage.modal.tabs"),
        className: "queue-tabs",
        selected: tab,
        onChange: (id) => setTab(id as QueueTabId),
        items: [
          {
            id: "data",
            label: t("queuesPage.modal.data"),
            content: <QueueDataTab state={state} choices={choices} queue={queue} online={online} />,
            className: "queue-form",
            "data-testid": "queue-tab-data",
          },
          ...(withHours
            ? [
                {
                  id: "hours",
                  label: t("queuesPage.modal.hours"),
                  content: <QueueHoursTab state={state} />,
                  className: "queue-form",
                  "data-testid": "queue-tab-hours",
                },
              ]
            : []),
        ],
      }}
    />
  );
}
