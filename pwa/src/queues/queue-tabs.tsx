// The queue modal's tabs (spec 2 §2 Queues): 'Dados da fila' with every field of the queue and, for a saved queue,
// its chatbot option tree; and the service hours, one row per weekday with windows A and B.

import { QUEUE_ROTATION_MINUTES, type QueueAnswer } from "@chatflow/core/contract/queues.ts";
import { useTranslation } from "react-i18next";
import { ColorSwatchField } from "../ui/color-swatch-field.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import { OptionTree } from "./option-tree.tsx";
import type { QueueChoices, QueueFormState } from "./use-queue-form.ts";
import { WeekHoursEditor } from "./week-hours-editor.tsx";

type StateProps = { state: QueueFormState };

export function QueueDataTab({
  state,
  choices,
  queue,
  online,
}: StateProps & { choices: QueueChoices; queue: QueueAnswer | null; online: boolean }) {
  const { t } = useTranslation();
  const { form, set, errors } = state;
  return (
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
      {state.withHours && (
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
      <QueueRoutingFields state={state} choices={choices} />
      {queue ? (
        <OptionTree queueId={queue.id} options={choices.chatbots} online={online} onChanged={choices.loadTree} />
      ) : (
        <p className="option-tree-empty">{t("queuesPage.options.saveQueueFirst")}</p>
      )}
    </>
  );
}

/** Where the queue's tickets go: closing, the rotation among agents, the file list and the integration. */
function QueueRoutingFields({ state, choices }: StateProps & { choices: QueueChoices }) {
  const { t } = useTranslation();
  const { form, set, errors } = state;
  const rotationItems = QUEUE_ROTATION_MINUTES.map((m) => ({
    id: m,
    name: m === 0 ? t("queuesPage.modal.unset") : t("queuesPage.modal.minutes", { count: m }),
  }));
  return (
    <>
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
        items={[{ id: 0, name: t("queuesPage.modal.noFileList") }, ...choices.fileLists]}
        value={form.fileListId ?? 0}
        onChange={(k) => set("fileListId", k === null || Number(k) === 0 ? null : Number(k))}
        data-testid="queue-file-list"
      >
        {(f) => <SelectItem id={f.id}>{f.name}</SelectItem>}
      </Select>
      {choices.withIntegrations && (
        <Select
          label={t("queuesPage.modal.integration")}
          items={[{ id: 0, name: t("queuesPage.modal.noFileList") }, ...choices.integrations]}
          value={form.integrationId ?? 0}
          onChange={(k) => set("integrationId", k === null || Number(k) === 0 ? null : Number(k))}
          errorMessage={errors.integrationId}
          data-testid="queue-integration"
        >
          {(i) => <SelectItem id={i.id}>{i.name}</SelectItem>}
        </Select>
      )}
    </>
  );
}

export function QueueHoursTab({ state }: StateProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="queue-hours-intro">{t("queuesPage.modal.hoursIntro")}</p>
      <WeekHoursEditor
        schedules={state.form.schedules}
        onChange={(schedules) => state.set("schedules", schedules)}
        errors={state.errors}
        testIdPrefix="queue-hours"
      />
    </>
  );
}
