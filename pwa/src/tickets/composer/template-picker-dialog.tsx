// The Cloud API template picker (decision 0053): choose one of the connection's approved templates, fill its
// variables, see the filled-in preview, send. The list is core's answer (GET /whatsapp/{id}/templates) kept on the
// device, so it opens offline with the last list; the send only writes locally (send-template.ts) and the outbox
// takes it to core, now or when the network is back.
import type { MessageTemplate } from "@chatflow/core/contract/message-templates.ts";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../api/http.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { Button } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";
import { Select, SelectItem } from "../../ui/select.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import "./composer-dialogs.css";
import { TemplatePreview, TemplateVariableFields } from "./template-fields.tsx";
import { templateKey as keyOf, useTemplateForm } from "./use-template-form.ts";
import { useTemplates } from "./use-templates.ts";

export { templatesCacheKey } from "./use-templates.ts";

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
  const { chosenKey, chosen, choose, header, body, errors, busy, submit, ...form } = useTemplateForm({
    templates,
    onSend,
    onClose,
    t,
  });

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
      {chosen && (
        <TemplateVariableFields
          chosen={chosen}
          header={header}
          body={body}
          errors={errors}
          onHeader={form.setHeaderAt}
          onBody={form.setBodyAt}
        />
      )}
      {chosen && <TemplatePreview chosen={chosen} header={header} body={body} />}
    </Modal>
  );
}
