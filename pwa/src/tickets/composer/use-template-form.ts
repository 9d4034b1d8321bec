// The template picker's form: which template is chosen, its header and body variables, the
// errors of the send's own check (parseTemplateValues), and the send while it is written.
import {
  type MessageTemplate,
  TEMPLATE_PARAM_FORMAT,
  TEMPLATE_PARAM_REQUIRED,
} from "@chatflow/core/contract/message-templates.ts";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../../i18n/form-errors.ts";
import { parseTemplateValues } from "../send-template.ts";

const KNOWN = {
  [TEMPLATE_PARAM_REQUIRED]: "templates.paramRequired",
  [TEMPLATE_PARAM_FORMAT]: "templates.paramFormat",
};

export const templateKey = (t: Pick<MessageTemplate, "name" | "language">) => `${t.name}:${t.language}`;

const setAt = (list: string[], i: number, value: string) => {
  const next = [...list];
  next[i] = value;
  return next;
};

export function useTemplateForm({
  templates,
  onSend,
  onClose,
  t,
}: {
  templates: MessageTemplate[] | null | undefined;
  onSend: (template: MessageTemplate, headerParams: string[], bodyParams: string[]) => Promise<void>;
  onClose: () => void;
  t: TFunction;
}) {
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [body, setBody] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chosen = templates?.find((tpl) => templateKey(tpl) === chosenKey) ?? null;

  // Another template has other variables: what was typed for the last one does not carry over.
  const choose = (key: string | null) => {
    setChosenKey(key);
    setHeader([]);
    setBody([]);
    setErrors({});
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setErrors({ template: t("templates.required") });
      return;
    }
    const headerParams = Array.from({ length: chosen.headerVariables }, (_, i) => header[i] ?? "");
    const bodyParams = Array.from({ length: chosen.bodyVariables }, (_, i) => body[i] ?? "");
    const parsed = parseTemplateValues(chosen, headerParams, bodyParams);
    if (!parsed.ok) {
      setErrors(fieldErrors(parsed.error, KNOWN));
      return;
    }
    setBusy(true);
    try {
      await onSend(chosen, headerParams, bodyParams);
      onClose();
    } catch {
      // Not written on the device: the sender has said why; the dialog keeps what was filled in.
    } finally {
      setBusy(false);
    }
  }

  return {
    chosenKey,
    chosen,
    choose,
    header,
    setHeaderAt: (i: number, v: string) => setHeader((h) => setAt(h, i, v)),
    body,
    setBodyAt: (i: number, v: string) => setBody((b) => setAt(b, i, v)),
    errors,
    busy,
    submit,
  };
}
