// The integration modal (spec 2 §2 Integrations): the type, the name, and the fields of that type (spec 2 §3);
// an edited webhook or n8n integration shows its signing key, and a Dialogflow one can test its credentials.
// Needs a connection (integrations are admin REST).
import {
  DIALOGFLOW_LANGUAGES,
  INTEGRATION_TYPES,
  type QueueIntegrationDTO,
} from "@chatflow/core/contract/integrations.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type FlowChoice, useFlowChoices } from "../flows/flows-data.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useModalSave } from "../layout/use-modal-save.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  FIELDS_OF_TYPE,
  type IntegrationForm,
  integrationFormFrom,
  validateIntegrationForm,
} from "./integration-form.ts";
import { useSaveIntegration, useTestIntegrationSession } from "./integrations-data.ts";

const LONG = new Set(["jsonContent", "typebotRestartMessage", "typebotUnknownMessage"]);
const NUMERIC = new Set(["typebotExpires", "typebotDelayMessage"]);
const NO_FLOW = 0;

export function IntegrationModal({
  integration,
  online,
  onClose,
  onSaved,
}: {
  /** null adds one. */
  integration: QueueIntegrationDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<IntegrationForm>(() => integrationFormFrom(integration));
  const { saving, errors, run } = useModalSave();
  const flowbuilder = form.type === "flowbuilder";
  const flowChoices = useFlowChoices(flowbuilder && online);
  // A failed read leaves the select empty rather than waiting.
  const flows = flowChoices.flows ?? (flowChoices.failed ? [] : null);
  const saveIntegration = useSaveIntegration();
  const testSession = useTestIntegrationSession();
  const set = <K extends keyof IntegrationForm>(key: K, value: IntegrationForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!online) return;
    if (!(await run(validateIntegrationForm(form), () => saveIntegration(form, integration)))) return;
    onSaved();
    showToast(t("integrationsPage.toasts.saved"), "info");
    onClose();
  }

  async function testCredentials() {
    try {
      await testSession({
        projectName: form.projectName,
        jsonContent: form.jsonContent,
        language: form.language,
      });
      showToast(t("integrationsPage.modal.tested"), "info");
    } catch (err) {
      showToast(errorText(err));
    }
  }

  const signed = integration && (integration.type === "webhook" || integration.type === "n8n");
  return (
    <FormModal
      title={integration ? t("integrationsPage.modal.editTitle") : t("integrationsPage.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("integrationsPage.needsConnection")}
      cancelLabel={t("integrationsPage.modal.cancel")}
      saveLabel={t("integrationsPage.modal.save")}
      saveDisabled={!online}
      data-testid="integration-modal"
      save-testid="integration-save"
      extraActions={
        form.type === "dialogflow" && (
          <Button variant="secondary" onPress={() => void testCredentials()} isDisabled={!online}>
            {t("integrationsPage.modal.test")}
          </Button>
        )
      }
    >
      <Select
        label={t("integrationsPage.modal.type")}
        items={INTEGRATION_TYPES.map((id) => ({ id, name: t(`integrationsPage.types.${id}`) }))}
        value={form.type}
        onChange={(k) => k && set("type", k as IntegrationForm["type"])}
        errorMessage={errors.type}
        data-testid="integration-type"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <TextField
        label={t("integrationsPage.modal.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        data-testid="integration-name"
      />
      {FIELDS_OF_TYPE[form.type].map((field) =>
        field === "language" ? (
          <Select
            key={field}
            label={t("integrationsPage.modal.language")}
            items={DIALOGFLOW_LANGUAGES.map((id) => ({ id, name: id }))}
            value={form.language}
            onChange={(k) => k && set("language", String(k))}
            errorMessage={errors.language}
          >
            {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
          </Select>
        ) : LONG.has(field) ? (
          <TextAreaField
            key={field}
            label={t(`integrationsPage.modal.${field}`)}
            value={form[field]}
            onChange={(v) => set(field, v)}
            errorMessage={errors[field]}
            rows={field === "jsonContent" ? 5 : 2}
            data-testid={`integration-${field}`}
          />
        ) : (
          <TextField
            key={field}
            label={t(`integrationsPage.modal.${field}`)}
            value={form[field]}
            onChange={(v) => set(field, v)}
            errorMessage={errors[field]}
            inputMode={NUMERIC.has(field) ? "numeric" : undefined}
            isRequired={field === "urlN8N" || field === "typebotSlug" || field === "projectName"}
            data-testid={`integration-${field}`}
          />
        ),
      )}
      {flowbuilder && (
        <Select
          label={t("integrationsPage.modal.flowId")}
          description={t("integrationsPage.modal.flowIdHelp")}
          items={[{ id: NO_FLOW, name: t("integrationsPage.modal.noFlow") }, ...(flows ?? [])]}
          value={form.flowId ?? NO_FLOW}
          onChange={(k) => set("flowId", k === null || Number(k) === NO_FLOW ? null : Number(k))}
          isDisabled={flows === null}
          errorMessage={errors.flowId}
          data-testid="integration-flowId"
        >
          {(f: FlowChoice) => <SelectItem id={f.id}>{f.name}</SelectItem>}
        </Select>
      )}
      {signed && (
        <TextField
          label={t("integrationsPage.modal.signingSecret")}
          value={integration.signingSecret}
          isReadOnly
          data-testid="integration-signing-secret"
        />
      )}
    </FormModal>
  );
}
