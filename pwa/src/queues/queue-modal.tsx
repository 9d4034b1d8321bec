// The queue modal (spec 2 §2 Queues): the tab 'Dados da fila' with every field of the
// queue and, for a saved queue, its chatbot option tree; and, when the company's
// scheduleType is queue, the service-hours tab (one row per weekday, windows A and B).
// Saving from the hours tab keeps the hours in the form and returns to the first tab
// with the spec's reminder to click save. Saving needs a connection (queues are REST).
import type { ChatbotAnswer } from "@chatflow/core/contract/chatbots.ts";
import { QUEUE_ROTATION_MINUTES, type QueueAnswer, type QueueWithChatbots } from "@chatflow/core/contract/queues.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { ColorSwatchField } from "../ui/color-swatch-field.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { OptionTree } from "./option-tree.tsx";
import {
  newQueueForm,
  type QueueErrors,
  type QueueForm,
  queueFormFrom,
  saveQueue,
  tabOfField,
  validateQueueForm,
} from "./queue-form.ts";

type TabId = "data" | "hours";
const WINDOW_FIELDS = [
  ["startTimeA", "startA"],
  ["endTimeA", "endA"],
  ["startTimeB", "startB"],
  ["endTimeB", "endB"],
] as const;

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
  const [chatbots, setChatbots] = useState<ChatbotAnswer[]>([]);
  const isNew = queue === null;
  const withHours = scheduleType === "queue";
  const set = <K extends keyof QueueForm>(key: K, value: QueueForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function loadTree() {
    if (!queue || !online) return;
    try {
      const full = await api.get<QueueWithChatbots>(`/queue/${queue.id}`);
      setChatbots(full.chatbots);
    } catch (err) {
      showToast(errorText(err));
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per queue and connection.
  useEffect(() => {
    void loadTree();
  }, [queue?.id, online]);

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
      const outcome = await saveQueue(api, form, queue, withHours);
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

  const setWindow = (day: number, field: (typeof WINDOW_FIELDS)[number][0], value: string) =>
    setForm((f) => ({ ...f, schedules: f.schedules.map((s, i) => (i === day ? { ...s, [field]: value } : s)) }));

  const rotationItems = QUEUE_ROTATION_MINUTES.map((m) => ({
    id: m,
    name: m === 0 ? t("queuesPage.modal.unset") : t("queuesPage.modal.minutes", { count: m }),
  }));

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? t("queuesPage.modal.addTitle") : t("queuesPage.modal.editTitle")}
      size="large"
      keyboardDismiss={!saving}
      onSubmit={() => void submit()}
      data-testid="queue-modal"
      actions={
        <>
          {!online && <span className="queue-modal-offline">{t("queuesPage.needsConnection")}</span>}
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            {t("queuesPage.modal.cancel")}
          </Button>
          {/* Keyed apart: reusing one button would turn the hours' press into a submit on its click. */}
          {tab === "hours" ? (
            <Button key="keep-hours" variant="primary" onPress={keepHours} data-testid="queue-save-hours">
              {t("queuesPage.modal.saveHours")}
            </Button>
          ) : (
            <Button
              key="save"
              type="submit"
              variant="primary"
              isPending={saving}
              isDisabled={!online}
              data-testid="queue-save"
            >
              {t("queuesPage.modal.save")}
            </Button>
          )}
        </>
      }
    >
      <Tabs className="queue-tabs" selectedKey={tab} onSelectionChange={(k) => setTab(k as TabId)}>
        <TabList aria-label={t("queuesPage.modal.tabs")}>
          <Tab id="data" data-testid="queue-tab-data">
            {t("queuesPage.modal.data")}
          </Tab>
          {withHours && (
            <Tab id="hours" data-testid="queue-tab-hours">
              {t("queuesPage.modal.hours")}
            </Tab>
          )}
        </TabList>
        <TabPanel id="data" className="queue-form">
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
          {queue ? (
            <OptionTree queueId={queue.id} options={chatbots} online={online} onChanged={loadTree} />
          ) : (
            <p className="option-tree-empty">{t("queuesPage.options.saveQueueFirst")}</p>
          )}
        </TabPanel>
        {withHours && (
          <TabPanel id="hours" className="queue-form">
            <p className="queue-hours-intro">{t("queuesPage.modal.hoursIntro")}</p>
            {form.schedules.map((day, i) => (
              <fieldset key={day.weekdayEn} className="queue-hours-day" data-testid={`queue-hours-${day.weekdayEn}`}>
                <legend className="queue-hours-weekday">{t(`queuesPage.modal.weekdays.${day.weekdayEn}`)}</legend>
                {WINDOW_FIELDS.map(([field, label]) => (
                  <TextField
                    key={field}
                    label={t(`queuesPage.modal.${label}`)}
                    type="time"
                    value={day[field]}
                    onChange={(v) => setWindow(i, field, v)}
                    errorMessage={errors[`schedules.${i}.${field}`]}
                    data-testid={`queue-hours-${day.weekdayEn}-${field}`}
                  />
                ))}
              </fieldset>
            ))}
          </TabPanel>
        )}
      </Tabs>
    </Modal>
  );
}
