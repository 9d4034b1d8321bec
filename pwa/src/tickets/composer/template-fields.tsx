// The chosen template's variables (header, then body, each by its position) and its filled-in preview.
import { type MessageTemplate, templatePreview } from "@chatflow/core/contract/message-templates.ts";
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/fields.tsx";

export function TemplateVariableFields({
  chosen,
  header,
  body,
  errors,
  onHeader,
  onBody,
}: {
  chosen: MessageTemplate;
  header: string[];
  body: string[];
  errors: Record<string, string>;
  onHeader: (i: number, value: string) => void;
  onBody: (i: number, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: chosen.headerVariables }, (_, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position.
          key={`h${i}`}
          label={t("templates.header", { n: i + 1 })}
          value={header[i] ?? ""}
          onChange={(v) => onHeader(i, v)}
          errorMessage={errors[`headerParams.${i}`]}
          data-testid={`template-header-${i + 1}`}
        />
      ))}
      {Array.from({ length: chosen.bodyVariables }, (_, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position.
          key={`b${i}`}
          label={t("templates.variable", { n: i + 1 })}
          value={body[i] ?? ""}
          onChange={(v) => onBody(i, v)}
          errorMessage={errors[`bodyParams.${i}`]}
          data-testid={`template-variable-${i + 1}`}
        />
      ))}
    </>
  );
}

export function TemplatePreview({
  chosen,
  header,
  body,
}: {
  chosen: MessageTemplate;
  header: string[];
  body: string[];
}) {
  const { t } = useTranslation();
  return (
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
  );
}
