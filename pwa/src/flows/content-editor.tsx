// The content (singleBlock) node's editor: a card per message, interval or media, added from the row of buttons.

import type { FlowContentElement, FlowMediaKind } from "@chatflow/core/contract/flows.ts";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { TrashIcon } from "../ui/icons.tsx";
import { Switch } from "../ui/toggles.tsx";
import { MEDIA_ACCEPT } from "./flow-media.ts";
import type { PickMedia } from "./use-node-form.ts";

/** The content (singleBlock) dialog's cards: messages, intervals and media, in the order they are sent. */
export function ContentEditor({
  elements,
  errors,
  onChange,
  onPick,
}: {
  elements: FlowContentElement[];
  errors: Record<string, string>;
  onChange: (elements: FlowContentElement[]) => void;
  onPick: PickMedia;
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
                acceptedFileTypes={MEDIA_ACCEPT[e.type]}
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
