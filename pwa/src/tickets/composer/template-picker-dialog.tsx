// The Cloud API template picker (decision 0053): choose one of the connection's approved templates, fill its
// variables, see the filled-in preview, send. The list is core's answer (GET /whatsapp/{id}/templates) kept on the
// device, so it opens offline with the last list; the send only writes locally (send-template.ts) and the outbox
// takes it to core, now or when the network is back.
import {
  type MessageTemplate,
  TEMPLATE_PARAM_FORMAT,
  TEMPLATE_PARAM_REQUIRED,
  templatePreview,
} from "@chatflow/core/contract/message-templates.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../api/http.ts";
import { fieldErrors } from "../../i18n/form-errors.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { Button } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";
import { TextField } from "../../ui/fields.tsx";
import { Select, SelectItem } from "../../ui/select.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { parseTemplateValues } from "../send-template.ts";
import "./composer-dialogs.css";
import { useTemplates } from "./use-templates.ts";

export { templatesCacheKey } from "./use-templates.ts";

const KNOWN = {
  [TEMPLATE_PARAM_REQUIRED]: "templates.paramRequired",
  [TEMPLATE_PARAM_FORMAT]: "templates.paramFormat",
};

const keyOf = (t: Pick<MessageTemplate, "name" | "language">) => `${t.name}:${t.language}`;

export type TemplatePickerDialogProps = {
  db: ChatflowDb;
  api: ApiClient;
  online: boolean;
  whatsappId: number;
  /** Writes the template locally; a throw keeps the dialog open. */
  onSend: (template: MessageTemplate, headerParams: string[], bodyParams: string[]) => Promise<void>;
  onClose: () => void;
};

export function TemplatePickerDialog({ db, api, online, whatsappId, onSend, onClose }: TemplatePickerDialogProps) {
  const { t } = useTranslation();
  const { templates, loading, error } = useTemplates(db, api, whatsappId, online);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [body, setBody] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chosen = templates?.find((tpl) => keyOf(tpl) === chosenKey) ?? null;

  const choose = (key: string | null) => {
    setChosenKey(key);
    setHeader([]);
    setBody([]);
    setErrors({});
  };
  const setAt = (list: string[], i: number, value: string) => {
    const next = [...list];
    next[i] = value;
    return next;
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

  // Offline, what the device keeps is read first: until then nothing is said.
  const status = !online
    ? templates
      ? t("templates.offline")
      : loading
        ? null
        : t("templates.offlineNone")
    : error
      ? t("templates.failed", { reason: error })
      : null;

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("templates.title")}
      data-testid="template-picker"
      keyboardDismiss={!busy}
      onSubmit={submit}
      actions={
        <>
          <Button onPress={onClose} isDisabled={busy}>
            {t("templates.cancel")}
          </Button>
          <Button
            type="submit"
            variant="primary"
            isPending={busy}
            isDisabled={!templates?.length}
            data-testid="template-send"
          >
            {t("templates.send")}
          </Button>
        </>
      }
    >
      {status && (
        <p className="composer-dialog-offline" role="status" data-testid="template-status">
          {status}
        </p>
      )}
      {loading && !templates && (
        <p role="status">
          <Spinner /> {t("templates.loading")}
        </p>
      )}
      {templates && templates.length === 0 && <p data-testid="template-none">{t("templates.none")}</p>}
      {templates && templates.length > 0 && (
        <Select
          label={t("templates.template")}
          items={templates.map((tpl) => ({ ...tpl, id: keyOf(tpl) }))}
          selectedKey={chosenKey}
          onSelectionChange={(key) => choose(key === null ? null : String(key))}
          disabledKeys={templates.filter((tpl) => !tpl.sendable).map(keyOf)}
          errorMessage={errors.template}
          autoFocus
          data-testid="template-select"
        >
          {(tpl) => (
            <SelectItem id={tpl.id} textValue={`${tpl.name} ${tpl.language}`}>
              {tpl.sendable
                ? t("templates.option", { name: tpl.name, language: tpl.language })
                : t("templates.unsupported", { name: tpl.name, language: tpl.language })}
            </SelectItem>
          )}
        </Select>
      )}
      {chosen &&
        Array.from({ length: chosen.headerVariables }, (_, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position.
            key={`h${i}`}
            label={t("templates.header", { n: i + 1 })}
            value={header[i] ?? ""}
            onChange={(v) => setHeader((h) => setAt(h, i, v))}
            errorMessage={errors[`headerParams.${i}`]}
            data-testid={`template-header-${i + 1}`}
          />
        ))}
      {chosen &&
        Array.from({ length: chosen.bodyVariables }, (_, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position.
            key={`b${i}`}
            label={t("templates.variable", { n: i + 1 })}
            value={body[i] ?? ""}
            onChange={(v) => setBody((b) => setAt(b, i, v))}
            errorMessage={errors[`bodyParams.${i}`]}
            data-testid={`template-variable-${i + 1}`}
          />
        ))}
      {chosen && (
        <section className="composer-dialog-preview" aria-label={t("templates.preview")}>
          <h3 className="composer-dialog-preview-title">{t("templates.preview")}</h3>
          <p className="composer-template-preview" data-testid="template-preview">
            {templatePreview(chosen, header, body)}
          </p>
          {chosen.buttons.length > 0 && (
            <ul className="composer-template-buttons">
              {chosen.buttons.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Modal>
  );
}
