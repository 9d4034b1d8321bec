// The queue modal (spec 2 §2 Queues): the tab 'Dados da fila' with every field of the
// queue and, for a saved queue, its chatbot option tree; and, when the company's
// scheduleType is queue, the service-hours tab (one row per weekday, windows A and B).
// Saving from the hours tab keeps the hours in the form and returns to the first tab
// with the spec's reminder to click save. Saving needs a connection (queues are REST).
import { QUEUE_ROTATION_MINUTES, type QueueAnswer } from "@chatflow/core/contract/queues.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useFileListChoices } from "../files/use-file-list-choices.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useIntegrationChoices } from "../integrations/use-integration-choices.ts";
import { planAllows } from "../layout/app-routes.ts";
import { Button } from "../ui/button.tsx";
import { ColorSwatchField } from "../ui/color-swatch-field.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { OptionTree } from "./option-tree.tsx";
import {
  newQueueForm,
  type QueueErrors,
  type QueueForm,
  queueFormFrom,
  tabOfField,
  validateQueueForm,
} from "./queue-form.ts";
import { useQueueChatbots, useSaveQueue } from "./queues-data.ts";
import { WeekHoursEditor } from "./week-hours-editor.tsx";

type TabId = "data" | "hours";

export function QueueModal({
  queue,
  queueCount,
  scheduleType,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a queue. */
  queue: QueueAnswer | null;
  /** How many queues the company has now. */
  queueCount: number;
  /** The company's scheduleType; "queue" shows the hours tab. */
  scheduleType: string;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<QueueForm>(() => (queue ? queueFormFrom(queue) : newQueueForm()));
  const [errors, setErrors] = useState<QueueErrors>({});
  const [tab, setTab] = useState<TabId>("data");
  const [saving, setSaving] = useState(false);
  const { chatbots, reload: loadTree } = useQueueChatbots(queue?.id ?? null, online);
  const saveQueue = useSaveQueue();
  const fileLists = useFileListChoices(online);
  const user = useSessionUser();
  // Spec 2 §1: the integration select shows only when the plan has useIntegrations.
  const withIntegrations = user ? planAllows(user, "useIntegrations") : false;
  const integrations = useIntegrationChoices(online, withIntegrations);
  const isNew = queue === null;
  const withHours = scheduleType === "queue";
  const set = <K extends keyof QueueForm>(key: K, value: QueueForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function showErrors(found: QueueErrors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setTab(tabOfField(first));
  }

  async function submit() {
    if (saving || !online) return;
    const found = validateQueueForm(form, { queueCount: isNew ? queueCount + 1 : queueCount, scheduleType });
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const outcome = await saveQueue(form, queue, withHours);
      if (!outcome.ok) {
        if (Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
        else showToast(errorText(outcome.error));
        return;
      }
      onSaved();
      showToast(t("queuesPage.toasts.saved"), "info");
      onClose();
    } finally {
      setSaving(false);
    }
  }

  /** The hours tab's own save: keep the hours in the form, back to the first tab, remind to save. */
  function keepHours() {
    const found = validateQueueForm(form, { queueCount, scheduleType });
    const hourErrors = Object.fromEntries(Object.entries(found).filter(([k]) => tabOfField(k) === "hours"));
    setErrors(hourErrors);
    if (Object.keys(hourErrors).length > 0) return;
    setTab("data");
    showToast(t("queuesPage.toasts.hoursKept"), "info");
  }

  const rotationItems = QUEUE_ROTATION_MINUTES.map((m) => ({
    id: m,
    name: m === 0 ? t("queuesPage.modal.unset") : t("queuesPage.modal.minutes", { count: m }),
  }));

  const dataPanel = (
    <>
      <div className="queue-form-grid">
        <TextField
          label={t("queuesPage.modal.name")}
          value={form.name}
          onChange={(v) => set("name", v)}
          errorMessage={errors.name}
          isRequired
          autoFocus
          data-testid="queue-name"
        />
        <TextField
          label={t("queuesPage.modal.order")}
          inputMode="numeric"
          value={form.orderQueue}
          onChange={(v) => set("orderQueue", v.replace(/\D/g, ""))}
          errorMessage={errors.orderQueue}
          data-testid="queue-order"
        />
      </div>
      <ColorSwatchField
        label={t("queuesPage.modal.color")}
        value={form.color}
        onChange={(v) => set("color", v)}
        data-testid="queue-color"
      />
      {errors.color && (
        <span className="field-error" role="alert" data-testid="queue-color-error">
          {errors.color}
        </span>
      )}
      <TextAreaField
        label={t("queuesPage.modal.greeting")}
        value={form.greetingMessage}
        onChange={(v) => set("greetingMessage", v)}
        errorMessage={errors.greetingMessage}
        rows={2}
        data-testid="queue-greeting"
      />
      {withHours && (
        <TextAreaField
          label={t("queuesPage.modal.outOfHours")}
          value={form.outOfHoursMessage}
          onChange={(v) => set("outOfHoursMessage", v)}
          errorMessage={errors.outOfHoursMessage}
          isRequired
          rows={2}
          data-testid="queue-out-of-hours"
        />
      )}
      <TextAreaField
        label={t("queuesPage.modal.completion")}
        value={form.completionMessage}
        onChange={(v) => set("completionMessage", v)}
        errorMessage={errors.completionMessage}
        rows={2}
        data-testid="queue-completion"
      />
      <div className="queue-form-grid">
        <Checkbox
          isSelected={form.closeTicket}
          onChange={(v) => set("closeTicket", v)}
          description={t("queuesPage.modal.closeTicketHelp")}
          data-testid="queue-close-ticket"
        >
          {t("queuesPage.modal.closeTicket")}
        </Checkbox>
        <Checkbox
          isSelected={form.ativarRoteador}
          onChange={(v) => set("ativarRoteador", v)}
          description={t("queuesPage.modal.rotationHelp")}
          data-testid="queue-rotation"
        >
          {t("queuesPage.modal.rotation")}
        </Checkbox>
      </div>
      {form.ativarRoteador && (
        <Select
          label={t("queuesPage.modal.rotationTime")}
          items={rotationItems}
          value={form.tempoRoteador}
          onChange={(k) => set("tempoRoteador", Number(k ?? 0))}
          errorMessage={errors.tempoRoteador}
          data-testid="queue-rotation-time"
        >
          {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
        </Select>
      )}
      <Select
        label={t("queuesPage.modal.fileList")}
        items={[{ id: 0, name: t("queuesPage.modal.noFileList") }, ...fileLists]}
        value={form.fileListId ?? 0}
        onChange={(k) => set("fileListId", k === null || Number(k) === 0 ? null : Number(k))}
        data-testid="queue-file-list"
      >
        {(f) => <SelectItem id={f.id}>{f.name}</SelectItem>}
      </Select>
      {withIntegrations && (
        <Select
          label={t("queuesPage.modal.integration")}
          items={[{ id: 0, name: t("queuesPage.modal.noFileList") }, ...integrations]}
          value={form.integrationId ?? 0}
          onChange={(k) => set("integrationId", k === null || Number(k) === 0 ? null : Number(k))}
          errorMessage={errors.integrationId}
          data-testid="queue-integration"
        >
          {(i) => <SelectItem id={i.id}>{i.name}</SelectItem>}
        </Select>
      )}
      {queue ? (
        <OptionTree queueId={queue.id} options={chatbots} online={online} onChanged={loadTree} />
      ) : (
        <p className="option-tree-empty">{t("queuesPage.options.saveQueueFirst")}</p>
      )}
    </>
  );
  const hoursPanel = (
    <>
      <p className="queue-hours-intro">{t("queuesPage.modal.hoursIntro")}</p>
      <WeekHoursEditor
        schedules={form.schedules}
        onChange={(schedules) => set("schedules", schedules)}
        errors={errors}
        testIdPrefix="queue-hours"
      />
    </>
  );

  return (
    <FormModal
      title={isNew ? t("queuesPage.modal.addTitle") : t("queuesPage.modal.editTitle")}
      size="large"
      onClose={onClose}
      onSubmit={() => void submit()}
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
          <Button key="keep-hours" variant="primary" onPress={keepHours} data-testid="queue-save-hours">
            {t("queuesPage.modal.saveHours")}
          </Button>
        ) : undefined
      }
      tabs={{
        label: t("queuesPage.modal.tabs"),
        className: "queue-tabs",
        selected: tab,
        onChange: (id) => setTab(id as TabId),
        items: [
          {
            id: "data",
            label: t("queuesPage.modal.data"),
            content: dataPanel,
            className: "queue-form",
            "data-testid": "queue-tab-data",
          },
          ...(withHours
            ? [
                {
                  id: "hours",
                  label: t("queuesPage.modal.hours"),
                  content: hoursPanel,
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
