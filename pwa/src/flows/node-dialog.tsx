// The create / edit dialog of each node type (spec 2 §2, §3, §5): the fields of the type, checked with the
// contract's schema (the same the API applies to the saved snapshot), and media uploaded to core's media.

import type { QueueDTO } from "@chatflow/core/contract/entities.ts";
import {
  FLOW_NODE_DATA,
  FLOW_RANDOMIZER_STEP,
  type FlowContentElement,
  type FlowMediaKind,
  type FlowNodeType,
} from "@chatflow/core/contract/flows.ts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, validationText } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Slider } from "../ui/slider.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { compressImage, mediaRefusal } from "./flow-media.ts";
import { FLOW_MESSAGES } from "./flow-messages.ts";
import { uploadFlowMedia } from "./flows-data.ts";

type Data = Record<string, unknown>;

/** What a new node of each type starts with in its dialog. */
export function emptyData(type: FlowNodeType): Data {
  switch (type) {
    case "start":
      return { label: "Inicio do fluxo" };
    case "menu":
      return { message: "", arrayOption: [{ number: 1, value: "" }] };
    case "interval":
      return { sec: 0, label: "" };
    case "randomizer":
      return { percent: 0 };
    case "singleBlock":
      return { seq: [], elements: [] };
    case "ticket":
      return {};
    case "typebot":
      return {
        typebotIntegration: {
          type: "typebot",
          name: "",
          urlN8N: "",
          typebotSlug: "",
          typebotExpires: 1,
          typebotDelayMessage: 1000,
          typebotKeywordFinish: "",
          typebotKeywordRestart: "",
          typebotRestartMessage: "",
          typebotUnknownMessage: "",
        },
      };
    case "openai":
      return {
        typebotIntegration: {
          name: "",
          prompt: "",
          voice: "texto",
          voiceKey: "",
          voiceRegion: "",
          maxTokens: 100,
          temperature: 1,
          apiKey: "",
          queueId: null,
          maxMessages: 10,
        },
      };
    case "question":
      return { typebotIntegration: { message: "", answerKey: "" } };
    case "message":
      return { label: "" };
    case "audio":
      return { url: "", record: false };
    default:
      return { url: "" };
  }
}

const ACCEPT: Record<FlowMediaKind, string[]> = {
  img: [".png", ".jpg", ".jpeg"],
  audio: [".ogg", ".mp3", ".opus"],
  video: [".mp4"],
};

export function NodeDialog({
  type,
  initial,
  isNew,
  onClose,
  onSave,
}: {
  type: FlowNodeType;
  initial: Data;
  isNew: boolean;
  onClose: () => void;
  onSave: (data: Data) => void;
}) {
  const { t } = useTranslation();
  const [data, setData] = useState<Data>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const queues = useReplicaQueues() ?? [];
  const integration = (data.typebotIntegration ?? {}) as Data;
  const setField = (key: string, value: unknown) => setData((d) => ({ ...d, [key]: value }));
  const setIntegration = (key: string, value: unknown) =>
    setData((d) => ({ ...d, typebotIntegration: { ...((d.typebotIntegration as Data) ?? {}), [key]: value } }));
  const err = (path: string) => errors[path];

  function save() {
    const parsed = FLOW_NODE_DATA[type].safeParse(data);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, FLOW_MESSAGES));
      return;
    }
    onSave(parsed.data as Data);
    onClose();
  }

  async function pickMedia(kind: FlowMediaKind, files: File[], done: (m: { url: string; original: string }) => void) {
    const file = files[0];
    if (!file) return;
    const refusal = mediaRefusal(kind, file);
    if (refusal) {
      showToast(validationText(refusal, FLOW_MESSAGES), "error");
      return;
    }
    let ready = file;
    if (kind === "img") {
      try {
        ready = await compressImage(file);
      } catch {
        // spec 2 §8: a failed image compression raises 'erro'.
        showToast("erro", "error");
        return;
      }
    }
    setUploading(true);
    try {
      done(await uploadFlowMedia(kind, file, ready));
      showToast(kind === "img" ? t("flows.toasts.image") : t("flows.toasts.audio"), "info");
    } catch (e) {
      showToast(errorText(e), "error");
    } finally {
      setUploading(false);
    }
  }

  const text = (key: string, label: string, o: { area?: boolean; testId?: string; numeric?: boolean } = {}) => {
    const value = data[key];
    const Field = o.area ? TextAreaField : TextField;
    return (
      <Field
        label={label}
        value={value === undefined || value === null ? "" : String(value)}
        onChange={(v: string) => setField(key, o.numeric ? (v === "" ? 0 : Number(v)) : v)}
        errorMessage={err(key)}
        data-testid={o.testId}
      />
    );
  };
  const integrationText = (
    key: string,
    label: string,
    o: { area?: boolean; numeric?: boolean; testId?: string } = {},
  ) => {
    const value = integration[key];
    const Field = o.area ? TextAreaField : TextField;
    return (
      <Field
        key={key}
        label={label}
        value={value === undefined || value === null ? "" : String(value)}
        onChange={(v: string) => setIntegration(key, o.numeric ? (v === "" ? 0 : Number(v)) : v)}
        errorMessage={err(`typebotIntegration.${key}`)}
        data-testid={o.testId}
      />
    );
  };

  let body: ReactNode = null;
  switch (type) {
    case "message":
      body = text("label", t("flows.dialog.message"), { area: true, testId: "node-message" });
      break;
    case "interval":
      body = text("sec", t("flows.dialog.seconds"), { numeric: true, testId: "node-seconds" });
      break;
    case "randomizer":
      body = (
        <>
          <Slider
            label={t("flows.dialog.percent")}
            value={Number(data.percent ?? 0)}
            onChange={(v) => setField("percent", v)}
            minValue={0}
            maxValue={100}
            step={FLOW_RANDOMIZER_STEP}
            formatValue={(v) => `${v}% / ${100 - v}%`}
            data-testid="node-percent"
          />
          {err("percent") && (
            <p className="field-error" role="alert">
              {err("percent")}
            </p>
          )}
        </>
      );
      break;
    case "menu": {
      const options = (data.arrayOption as { number: number; value: string }[]) ?? [];
      body = (
        <>
          {text("message", t("flows.dialog.message"), { area: true, testId: "node-menu-message" })}
          {options.map((o, i) => (
            <TextField
              key={o.number}
              label={t("flows.dialog.option", { number: o.number })}
              value={o.value}
              onChange={(v) =>
                setField(
                  "arrayOption",
                  options.map((x, j) => (j === i ? { ...x, value: v } : x)),
                )
              }
              errorMessage={err(`arrayOption.${i}.value`)}
              data-testid={`node-menu-option-${o.number}`}
            />
          ))}
          <div className="flow-dialog-row">
            <Button
              size="small"
              onPress={() => setField("arrayOption", [...options, { number: options.length + 1, value: "" }])}
              data-testid="node-menu-add-option"
            >
              {t("flows.dialog.addOption")}
            </Button>
            {/* Only the last option can be removed (spec 2 §3), so the numbers stay 1, 2, 3... */}
            <Button
              size="small"
              variant="ghost"
              isDisabled={options.length <= 1}
              onPress={() => setField("arrayOption", options.slice(0, -1))}
            >
              {t("flows.dialog.removeOption")}
            </Button>
          </div>
        </>
      );
      break;
    }
    case "img":
    case "audio":
    case "video": {
      const kind: FlowMediaKind = type;
      body = (
        <>
          <p className="flow-dialog-file">
            {data.url ? t("flows.dialog.file", { name: String(data.url).split("/").pop() }) : t("flows.dialog.noFile")}
          </p>
          <FileButton
            acceptedFileTypes={ACCEPT[kind]}
            onSelect={(files) => void pickMedia(kind, files, ({ url }) => setField("url", url))}
          >
            {t("flows.dialog.upload")}
          </FileButton>
          {type === "audio" && (
            <Switch isSelected={Boolean(data.record)} onChange={(v) => setField("record", v)}>
              {t("flows.dialog.record")}
            </Switch>
          )}
          {err("url") && (
            <p className="field-error" role="alert">
              {err("url")}
            </p>
          )}
        </>
      );
      break;
    }
    case "singleBlock":
      body = (
        <ContentEditor
          elements={(data.elements as FlowContentElement[]) ?? []}
          errors={errors}
          onChange={(elements) => setData({ elements, seq: elements.map((e) => `${e.type}${e.number}`) })}
          onPick={pickMedia}
        />
      );
      break;
    case "ticket": {
      const queue = data.queue as { id: number; name: string } | undefined;
      body = (
        <Select
          label={t("flows.dialog.queue")}
          items={queues}
          value={queue?.id ?? null}
          onChange={(id) => {
            const q = queues.find((x: QueueDTO) => x.id === id);
            setField("queue", q ? { id: q.id, name: q.name } : undefined);
          }}
          errorMessage={err("queue")}
          data-testid="node-ticket-queue"
        >
          {(q: QueueDTO) => <SelectItem id={q.id}>{q.name}</SelectItem>}
        </Select>
      );
      break;
    }
    case "typebot":
      body = (
        <>
          {integrationText("name", t("flows.dialog.name"))}
          {integrationText("urlN8N", t("flows.dialog.url"))}
          {integrationText("typebotSlug", t("flows.dialog.slug"))}
          {integrationText("typebotExpires", t("flows.dialog.expires"), { numeric: true })}
          {integrationText("typebotDelayMessage", t("flows.dialog.delay"), { numeric: true })}
          {integrationText("typebotKeywordFinish", t("flows.dialog.keywordFinish"))}
          {integrationText("typebotKeywordRestart", t("flows.dialog.keywordRestart"))}
          {integrationText("typebotRestartMessage", t("flows.dialog.restartMessage"), { area: true })}
          {integrationText("typebotUnknownMessage", t("flows.dialog.unknownMessage"), { area: true })}
        </>
      );
      break;
    case "openai":
      body = (
        <>
          {integrationText("name", t("flows.dialog.name"))}
          {integrationText("prompt", t("flows.dialog.prompt"), { area: true })}
          {integrationText("apiKey", t("flows.dialog.apiKey"))}
          {integrationText("maxTokens", t("flows.dialog.maxTokens"), { numeric: true })}
          {integrationText("temperature", t("flows.dialog.temperature"), { numeric: true })}
          {integrationText("maxMessages", t("flows.dialog.maxMessages"), { numeric: true })}
          {integrationText("voice", t("flows.dialog.voice"))}
          {integrationText("voiceKey", t("flows.dialog.voiceKey"))}
          {integrationText("voiceRegion", t("flows.dialog.voiceRegion"))}
        </>
      );
      break;
    case "question":
      body = (
        <>
          {integrationText("message", t("flows.dialog.message"), { area: true, testId: "node-question-message" })}
          {integrationText("answerKey", t("flows.dialog.answerKey"), { testId: "node-question-key" })}
        </>
      );
      break;
    default:
      body = null;
  }

  const typeName = t(`flows.editor.types.${type}`);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? t("flows.dialog.addTitle", { type: typeName }) : t("flows.dialog.editTitle", { type: typeName })}
      size={type === "singleBlock" ? "large" : "medium"}
      keyboardDismiss={!uploading}
      onSubmit={save}
      data-testid="node-dialog"
      actions={
        <>
          {uploading && <span className="flow-modal-offline">{t("flows.dialog.uploading")}</span>}
          <Button variant="secondary" onPress={onClose} isDisabled={uploading}>
            {t("flows.dialog.cancel")}
          </Button>
          <Button type="submit" variant="primary" isDisabled={uploading} data-testid="node-save">
            {t("flows.dialog.save")}
          </Button>
        </>
      }
    >
      <div className="flow-form">{body}</div>
    </Modal>
  );
}

/** The content (singleBlock) dialog's cards: messages, intervals and media, in the order they are sent. */
function ContentEditor({
  elements,
  errors,
  onChange,
  onPick,
}: {
  elements: FlowContentElement[];
  errors: Record<string, string>;
  onChange: (elements: FlowContentElement[]) => void;
  onPick: (kind: FlowMediaKind, files: File[], done: (m: { url: string; original: string }) => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const nextNumber = (type: FlowContentElement["type"]) =>
    Math.max(-1, ...elements.filter((e) => e.type === type).map((e) => e.number)) + 1;
  const add = (type: FlowContentElement["type"]) => {
    const number = nextNumber(type);
    const element: FlowContentElement =
      type === "message"
        ? { type, number, value: "" }
        : type === "interval"
          ? { type, number, value: 0 }
          : type === "audio"
            ? { type, number, value: "", original: "", record: false }
            : { type, number, value: "", original: "" };
    onChange([...elements, element]);
  };
  const replace = (i: number, patch: Partial<FlowContentElement>) =>
    onChange(elements.map((e, j) => (j === i ? ({ ...e, ...patch } as FlowContentElement) : e)));
  const cardError = (i: number) => errors[`elements.${i}.value`];
  return (
    <div className="flow-content">
      {(errors.seq || errors.elements) && (
        <p className="field-error" role="alert">
          {errors.seq ?? errors.elements}
        </p>
      )}
      {elements.map((e, i) => (
        <div className="flow-content-card" key={`${e.type}${e.number}`} data-testid="content-card">
          <div className="flow-content-card-head">
            <span>{t(`flows.editor.types.${e.type}`)}</span>
            <IconButton
              label={t("flows.dialog.removeCard")}
              onPress={() => onChange(elements.filter((_, j) => j !== i))}
            >
              <TrashIcon size={16} />
            </IconButton>
          </div>
          {e.type === "message" ? (
            <TextAreaField
              label={t("flows.dialog.message")}
              value={e.value}
              onChange={(v) => replace(i, { value: v })}
              errorMessage={cardError(i)}
              data-testid="content-message"
            />
          ) : e.type === "interval" ? (
            <TextField
              label={t("flows.dialog.seconds")}
              value={String(e.value)}
              onChange={(v) => replace(i, { value: v === "" ? 0 : Number(v) })}
              errorMessage={cardError(i)}
              data-testid="content-interval"
            />
          ) : (
            <>
              <p className="flow-dialog-file">
                {e.original ? t("flows.dialog.file", { name: e.original }) : t("flows.dialog.noFile")}
              </p>
              <FileButton
                acceptedFileTypes={ACCEPT[e.type]}
                onSelect={(files) =>
                  void onPick(e.type as FlowMediaKind, files, (m) => replace(i, { value: m.url, original: m.original }))
                }
              >
                {t("flows.dialog.upload")}
              </FileButton>
              {e.type === "audio" && (
                <Switch isSelected={e.record} onChange={(v) => replace(i, { record: v })}>
                  {t("flows.dialog.record")}
                </Switch>
              )}
              {cardError(i) && (
                <p className="field-error" role="alert">
                  {cardError(i)}
                </p>
              )}
            </>
          )}
        </div>
      ))}
      <div className="flow-dialog-row">
        <Button size="small" onPress={() => add("message")} data-testid="content-add-message">
          {t("flows.dialog.addText")}
        </Button>
        <Button size="small" onPress={() => add("interval")}>
          {t("flows.dialog.addInterval")}
        </Button>
        <Button size="small" onPress={() => add("img")}>
          {t("flows.dialog.addImage")}
        </Button>
        <Button size="small" onPress={() => add("audio")}>
          {t("flows.dialog.addAudio")}
        </Button>
        <Button size="small" onPress={() => add("video")}>
          {t("flows.dialog.addVideo")}
        </Button>
      </div>
    </div>
  );
}
