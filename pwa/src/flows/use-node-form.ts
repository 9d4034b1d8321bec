// The node dialog's form: the node's data as it is edited, the contract's check on save, and the media upload
// the media fields and content cards share (spec 2 §2, §3, §5).

import { FLOW_NODE_DATA, type FlowMediaKind, type FlowNodeType } from "@chatflow/core/contract/flows.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, validationText } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { compressImage, mediaRefusal } from "./flow-media.ts";
import { FLOW_MESSAGES } from "./flow-messages.ts";
import { uploadFlowMedia } from "./flows-data.ts";

export type NodeData = Record<string, unknown>;

/** Uploads a picked file of this kind and hands its stored url and original name to `done`. */
export type PickMedia = (
  kind: FlowMediaKind,
  files: File[],
  done: (m: { url: string; original: string }) => void,
) => Promise<void>;

export type NodeForm = ReturnType<typeof useNodeForm>;

export function useNodeForm(
  type: FlowNodeType,
  initial: NodeData,
  onSave: (data: NodeData) => void,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const [data, setData] = useState<NodeData>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const integration = (data.typebotIntegration ?? {}) as NodeData;
  const setField = (key: string, value: unknown) => setData((d) => ({ ...d, [key]: value }));
  const setIntegration = (key: string, value: unknown) =>
    setData((d) => ({ ...d, typebotIntegration: { ...((d.typebotIntegration as NodeData) ?? {}), [key]: value } }));
  const err = (path: string) => errors[path];

  function save() {
    const parsed = FLOW_NODE_DATA[type].safeParse(data);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, FLOW_MESSAGES));
      return;
    }
    onSave(parsed.data as NodeData);
    onClose();
  }

  const pickMedia: PickMedia = async (kind, files, done) => {
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
  };

  return { data, setData, errors, uploading, integration, setField, setIntegration, err, save, pickMedia };
}
