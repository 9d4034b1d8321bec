// The node dialog's fields for each node type (spec 2 §3): one part per type, all editing the dialog's form.

import type { QueueDTO } from "@chatflow/core/contract/entities.ts";
import { FLOW_RANDOMIZER_STEP, type FlowContentElement, type FlowNodeType } from "@chatflow/core/contract/flows.ts";
import { useTranslation } from "react-i18next";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Slider } from "../ui/slider.tsx";
import { Switch } from "../ui/toggles.tsx";
import { ContentEditor } from "./content-editor.tsx";
import { MEDIA_ACCEPT } from "./flow-media.ts";
import { NodeIntegrationFields } from "./node-integration-fields.tsx";
import type { NodeForm } from "./use-node-form.ts";

type FormProps = { form: NodeForm };

export function NodeFields({ type, form }: FormProps & { type: FlowNodeType }) {
  const { t } = useTranslation();
  switch (type) {
    case "message":
      return <NodeText form={form} field="label" label={t("flows.dialog.message")} area testId="node-message" />;
    case "interval":
      return <NodeText form={form} field="sec" label={t("flows.dialog.seconds")} numeric testId="node-seconds" />;
    case "randomizer":
      return <RandomizerField form={form} />;
    case "menu":
      return <MenuFields form={form} />;
    case "img":
    case "audio":
    case "video":
      return <MediaFields form={form} kind={type} />;
    case "singleBlock":
      return (
        <ContentEditor
          elements={(form.data.elements as FlowContentElement[]) ?? []}
          errors={form.errors}
          onChange={(elements) => form.setData({ elements, seq: elements.map((e) => `${e.type}${e.number}`) })}
          onPick={form.pickMedia}
        />
      );
    case "ticket":
      return <TicketQueueField form={form} />;
    case "typebot":
    case "openai":
    case "question":
      return <NodeIntegrationFields form={form} type={type} />;
    default:
      return null;
  }
}

/** A text or number field on one key of the node's data. */
export function NodeText({
  form,
  field,
  label,
  area,
  numeric,
  testId,
}: FormProps & { field: string; label: string; area?: boolean; numeric?: boolean; testId?: string }) {
  const value = form.data[field];
  const Field = area ? TextAreaField : TextField;
  return (
    <Field
      label={label}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(v: string) => form.setField(field, numeric ? (v === "" ? 0 : Number(v)) : v)}
      errorMessage={form.err(field)}
      data-testid={testId}
    />
  );
}

/** An error of the node's data that no field shows itself. */
function NodeError({ form, path }: FormProps & { path: string }) {
  const message = form.err(path);
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

function RandomizerField({ form }: FormProps) {
  const { t } = useTranslation();
  return (
    <>
      <Slider
        label={t("flows.dialog.percent")}
        value={Number(form.data.percent ?? 0)}
        onChange={(v) => form.setField("percent", v)}
        minValue={0}
        maxValue={100}
        step={FLOW_RANDOMIZER_STEP}
        formatValue={(v) => `${v}% / ${100 - v}%`}
        data-testid="node-percent"
      />
      <NodeError form={form} path="percent" />
    </>
  );
}

function MenuFields({ form }: FormProps) {
  const { t } = useTranslation();
  const options = (form.data.arrayOption as { number: number; value: string }[]) ?? [];
  return (
    <>
      <NodeText form={form} field="message" label={t("flows.dialog.message")} area testId="node-menu-message" />
      {options.map((o, i) => (
        <TextField
          key={o.number}
          label={t("flows.dialog.option", { number: o.number })}
          value={o.value}
          onChange={(v) =>
            form.setField(
              "arrayOption",
              options.map((x, j) => (j === i ? { ...x, value: v } : x)),
            )
          }
          errorMessage={form.err(`arrayOption.${i}.value`)}
          data-testid={`node-menu-option-${o.number}`}
        />
      ))}
      <div className="flow-dialog-row">
        <Button
          size="small"
          onPress={() => form.setField("arrayOption", [...options, { number: options.length + 1, value: "" }])}
          data-testid="node-menu-add-option"
        >
          {t("flows.dialog.addOption")}
        </Button>
        {/* Only the last option can be removed (spec 2 §3), so the numbers stay 1, 2, 3... */}
        <Button
          size="small"
          variant="ghost"
          isDisabled={options.length <= 1}
          onPress={() => form.setField("arrayOption", options.slice(0, -1))}
        >
          {t("flows.dialog.removeOption")}
        </Button>
      </div>
    </>
  );
}

function MediaFields({ form, kind }: FormProps & { kind: "img" | "audio" | "video" }) {
  const { t } = useTranslation();
  const { data } = form;
  return (
    <>
      <p className="flow-dialog-file">
        {data.url ? t("flows.dialog.file", { name: String(data.url).split("/").pop() }) : t("flows.dialog.noFile")}
      </p>
      <FileButton
        acceptedFileTypes={MEDIA_ACCEPT[kind]}
        onSelect={(files) => void form.pickMedia(kind, files, ({ url }) => form.setField("url", url))}
      >
        {t("flows.dialog.upload")}
      </FileButton>
      {kind === "audio" && (
        <Switch isSelected={Boolean(data.record)} onChange={(v) => form.setField("record", v)}>
          {t("flows.dialog.record")}
        </Switch>
      )}
      <NodeError form={form} path="url" />
    </>
  );
}

function TicketQueueField({ form }: FormProps) {
  const { t } = useTranslation();
  const queues = useReplicaQueues() ?? [];
  const queue = form.data.queue as { id: number; name: string } | undefined;
  return (
    <Select
      label={t("flows.dialog.queue")}
      items={queues}
      value={queue?.id ?? null}
      onChange={(id) => {
        const q = queues.find((x: QueueDTO) => x.id === id);
        form.setField("queue", q ? { id: q.id, name: q.name } : undefined);
      }}
      errorMessage={form.err("queue")}
      data-testid="node-ticket-queue"
    >
      {(q: QueueDTO) => <SelectItem id={q.id}>{q.name}</SelectItem>}
    </Select>
  );
}
