// The fields of the nodes that configure an integration (typebot, OpenAI) or a question: all edit the node's
// `typebotIntegration` object, so their errors sit under that path.

import { useTranslation } from "react-i18next";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import type { NodeForm } from "./use-node-form.ts";

type FormProps = { form: NodeForm };

export function NodeIntegrationFields({ form, type }: FormProps & { type: "typebot" | "openai" | "question" }) {
  const { t } = useTranslation();
  const text = (field: string, label: string, o: { area?: boolean; numeric?: boolean; testId?: string } = {}) => (
    <IntegrationText key={field} form={form} field={field} label={label} {...o} />
  );
  switch (type) {
    case "typebot":
      return (
        <>
          {text("name", t("flows.dialog.name"))}
          {text("urlN8N", t("flows.dialog.url"))}
          {text("typebotSlug", t("flows.dialog.slug"))}
          {text("typebotExpires", t("flows.dialog.expires"), { numeric: true })}
          {text("typebotDelayMessage", t("flows.dialog.delay"), { numeric: true })}
          {text("typebotKeywordFinish", t("flows.dialog.keywordFinish"))}
          {text("typebotKeywordRestart", t("flows.dialog.keywordRestart"))}
          {text("typebotRestartMessage", t("flows.dialog.restartMessage"), { area: true })}
          {text("typebotUnknownMessage", t("flows.dialog.unknownMessage"), { area: true })}
        </>
      );
    case "openai":
      return (
        <>
          {text("name", t("flows.dialog.name"))}
          {text("prompt", t("flows.dialog.prompt"), { area: true })}
          {text("apiKey", t("flows.dialog.apiKey"))}
          {text("maxTokens", t("flows.dialog.maxTokens"), { numeric: true })}
          {text("temperature", t("flows.dialog.temperature"), { numeric: true })}
          {text("maxMessages", t("flows.dialog.maxMessages"), { numeric: true })}
          {text("voice", t("flows.dialog.voice"))}
          {text("voiceKey", t("flows.dialog.voiceKey"))}
          {text("voiceRegion", t("flows.dialog.voiceRegion"))}
        </>
      );
    case "question":
      return (
        <>
          {text("message", t("flows.dialog.message"), { area: true, testId: "node-question-message" })}
          {text("answerKey", t("flows.dialog.answerKey"), { testId: "node-question-key" })}
        </>
      );
  }
}

function IntegrationText({
  form,
  field,
  label,
  area,
  numeric,
  testId,
}: FormProps & { field: string; label: string; area?: boolean; numeric?: boolean; testId?: string }) {
  const value = form.integration[field];
  const Field = area ? TextAreaField : TextField;
  return (
    <Field
      label={label}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(v: string) => form.setIntegration(field, numeric ? (v === "" ? 0 : Number(v)) : v)}
      errorMessage={form.err(`typebotIntegration.${field}`)}
      data-testid={testId}
    />
  );
}
