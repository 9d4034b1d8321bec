// The create / edit dialog of each node type (spec 2 §2, §3, §5): the fields of the type, checked with the
// contract's schema (the same the API applies to the saved snapshot), and media uploaded to core's media.

import type { FlowNodeType } from "@chatflow/core/contract/flows.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { NodeFields } from "./node-fields.tsx";
import { type NodeData, useNodeForm } from "./use-node-form.ts";

type Data = NodeData;

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
  const form = useNodeForm(type, initial, onSave, onClose);
  const { uploading } = form;
  const typeName = t(`flows.editor.types.${type}`);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? t("flows.dialog.addTitle", { type: typeName }) : t("flows.dialog.editTitle", { type: typeName })}
      size={type === "singleBlock" ? "large" : "medium"}
      keyboardDismiss={!uploading}
      onSubmit={form.save}
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
      <div className="flow-form">
        <NodeFields type={type} form={form} />
      </div>
    </Modal>
  );
}
