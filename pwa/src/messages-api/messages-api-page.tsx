// /messages-api (spec 3 §2 Messages API page, §5, §7): how a system outside the product sends through a
// connection (endpoint, headers, JSON and multipart bodies, curl, the number rule), and the two test forms that
// make that very call with a connection's token; then templates, contact cards and interactive messages (decision
// 0116) and a template test form. The forms need the server: offline they say so.
import { EXTERNAL_NUMBER_MESSAGE, IDEMPOTENCY_HEADER } from "@chatflow/core/contract/external-api.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { showToast } from "../ui/toasts.ts";
import {
  ANSWER_EXAMPLE,
  BUTTON_BODY_EXAMPLE,
  CONTACT_BODY_EXAMPLE,
  curlExamples,
  INTERACTIVE_BODY_EXAMPLE,
  JSON_BODY_EXAMPLE,
  type MediaForm,
  MULTIPART_FIELDS_EXAMPLE,
  sendMediaForm,
  sendTemplateForm,
  sendTextForm,
  TEMPLATE_BODY_EXAMPLE,
  type TemplateForm,
  type TextForm,
  validateMediaForm,
  validateTemplateForm,
  validateTextForm,
} from "./messages-api-form.ts";
import "./messages-api.css";

export function MessagesApiPage() {
  const { t } = useTranslation();
  const online = useOnline();
  const origin = window.location.origin;
  const curl = curlExamples(origin);
  return (
    <ListPage
      className="messages-api-page"
      data-testid="messages-api-page"
      title={t("messagesApi.title")}
      notice={online ? null : t("messagesApi.needsConnection")}
    >
      <div className="messages-api-columns">
        <section className="messages-api-card" aria-labelledby="messages-api-methods">
          <h2 id="messages-api-methods">{t("messagesApi.methods")}</h2>
          <p className="messages-api-method">{t("messagesApi.textMethod")}</p>
          <p className="messages-api-method">{t("messagesApi.mediaMethod")}</p>
          <p className="messages-api-method">{t("messagesApi.otherMethod")}</p>
          <h2>{t("messagesApi.instructions")}</h2>
          <h3>{t("messagesApi.important")}</h3>
          <ul className="messages-api-list">
            <li>{t("messagesApi.tokenNote")}</li>
            <li data-testid="messages-api-number-rule">{t("messagesApi.numberNote")}</li>
          </ul>
          <h3>{t("messagesApi.endpoint")}</h3>
          <Code testId="messages-api-endpoint">{`POST ${origin}/api/messages/send`}</Code>
          <h3>{t("messagesApi.headers")}</h3>
          <Code>{`Authorization: Bearer TOKEN\nContent-Type: application/json | multipart/form-data\n${IDEMPOTENCY_HEADER}: order-42`}</Code>
          <p>{t("messagesApi.idempotencyNote")}</p>
          <h3>{t("messagesApi.jsonBody")}</h3>
          <Code>{JSON_BODY_EXAMPLE}</Code>
          <h3>{t("messagesApi.multipartBody")}</h3>
          <Code>{MULTIPART_FIELDS_EXAMPLE}</Code>
          <p>{t("messagesApi.fieldsNote")}</p>
          <h3>{t("messagesApi.curlExample")}</h3>
          <Code testId="messages-api-curl">{curl.text}</Code>
          <Code>{curl.media}</Code>
          <h3 id="messages-api-other">{t("messagesApi.otherBodies")}</h3>
          <p data-testid="messages-api-window-note">{t("messagesApi.windowNote")}</p>
          <p>{t("messagesApi.templateNote")}</p>
          <Code testId="messages-api-template-example">{TEMPLATE_BODY_EXAMPLE}</Code>
          <p>{t("messagesApi.contactNote")}</p>
          <Code>{CONTACT_BODY_EXAMPLE}</Code>
          <p>{t("messagesApi.interactiveNote")}</p>
          <Code>{INTERACTIVE_BODY_EXAMPLE}</Code>
          <Code>{BUTTON_BODY_EXAMPLE}</Code>
          <h3>{t("messagesApi.answer")}</h3>
          <p>{t("messagesApi.answerNote")}</p>
          <Code>{ANSWER_EXAMPLE}</Code>
        </section>
        <div className="messages-api-forms">
          <TextTestForm online={online} />
          <MediaTestForm online={online} />
          <TemplateTestForm online={online} />
        </div>
      </div>
    </ListPage>
  );
}

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    // A focusable region: a long line scrolls sideways, by keyboard too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
    <pre className="messages-api-code" tabIndex={0} data-testid={testId}>
      <code>{children}</code>
    </pre>
  );
}

/** The server's refusal as field errors (ERR_VALIDATION), else a toast with its text (spec 3 §8). */
function refusal(err: unknown, setErrors: (e: Record<string, string>) => void) {
  const fields = err instanceof ApiError ? err.body?.fields : undefined;
  if (fields) setErrors(serverFieldErrors(fields, { [EXTERNAL_NUMBER_MESSAGE]: "messagesApi.numberRule" }));
  showToast(errorText(err), "error");
}

/**
 * The test forms' shared steps: the form's rules checked here first (nothing sent while one fails, or offline),
 * then the call, 'Mensagem enviada com sucesso' and the fields the next message starts without, or the refusal.
 */
function useTestForm<F extends { token: string; number: string }>(
  initial: F,
  online: boolean,
  validate: (form: F) => Record<string, string>,
  send: (form: F) => Promise<unknown>,
  cleared: Partial<F>,
) {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (key: keyof F & string) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !online) return;
    setSending(true);
    try {
      await send(form);
      showToast(t("messagesApi.sent"), "info");
      setForm((f) => ({ ...f, ...cleared }));
    } catch (err) {
      refusal(err, setErrors);
    } finally {
      setSending(false);
    }
  };
  return { form, setForm, errors, sending, set, submit };
}

/** The token and number fields both forms open with (`prefix` names their test ids). */
function TokenAndNumber({
  prefix,
  form,
  errors,
  set,
}: {
  prefix: string;
  form: { token: string; number: string };
  errors: Record<string, string>;
  set: (key: "token" | "number") => (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("messagesApi.token")}
        value={form.token}
        onChange={set("token")}
        errorMessage={errors.token}
        isRequired
        data-testid={`${prefix}-token`}
      />
      <TextField
        label={t("messagesApi.number")}
        value={form.number}
        onChange={set("number")}
        errorMessage={errors.number}
        placeholder="5511999999999"
        isRequired
        data-testid={`${prefix}-number`}
      />
    </>
  );
}

function TextTestForm({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { form, errors, sending, set, submit } = useTestForm<TextForm>(
    { token: "", number: "", body: "" },
    online,
    validateTextForm,
    sendTextForm,
    { body: "" },
  );
  return (
    <section className="messages-api-card" aria-labelledby="messages-api-text-test">
      <h2 id="messages-api-text-test">{t("messagesApi.textTest")}</h2>
      <p>{t("messagesApi.textIntro")}</p>
      <form className="messages-api-form" onSubmit={submit} noValidate data-testid="messages-api-text-form">
        <TokenAndNumber prefix="messages-api-text" form={form} errors={errors} set={set} />
        <TextAreaField
          label={t("messagesApi.body")}
          value={form.body}
          onChange={set("body")}
          errorMessage={errors.body}
          rows={3}
          isRequired
          data-testid="messages-api-text-body"
        />
        <SendButton online={online} sending={sending} testId="messages-api-text-send" />
      </form>
    </section>
  );
}

function MediaTestForm({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { form, setForm, errors, sending, set, submit } = useTestForm<MediaForm>(
    { token: "", number: "", body: "", file: null },
    online,
    validateMediaForm,
    // validateMediaForm refuses a form without a file: here there is one.
    (f) => sendMediaForm({ ...f, file: f.file as File }),
    { body: "", file: null },
  );
  return (
    <section className="messages-api-card" aria-labelledby="messages-api-media-test">
      <h2 id="messages-api-media-test">{t("messagesApi.mediaTest")}</h2>
      <p>{t("messagesApi.mediaIntro")}</p>
      <form className="messages-api-form" onSubmit={submit} noValidate data-testid="messages-api-media-form">
        <TokenAndNumber prefix="messages-api-media" form={form} errors={errors} set={set} />
        <TextAreaField
          label={t("messagesApi.mediaBody")}
          value={form.body}
          onChange={set("body")}
          errorMessage={errors.body}
          rows={2}
          data-testid="messages-api-media-body"
        />
        <div className="messages-api-file">
          <span className="messages-api-file-label" id="messages-api-file-label">
            {t("messagesApi.file")}
          </span>
          <FileButton
            onSelect={([file]) => setForm((f) => ({ ...f, file: file ?? null }))}
            data-testid="messages-api-media-file"
          >
            {t("messagesApi.chooseFile")}
          </FileButton>
          <span data-testid="messages-api-media-file-name" aria-live="polite">
            {form.file?.name ?? t("messagesApi.noFile")}
          </span>
          {errors.file && (
            <span className="field-error" role="alert" data-testid="messages-api-media-file-error">
              {errors.file}
            </span>
          )}
        </div>
        <SendButton online={online} sending={sending} testId="messages-api-media-send" />
      </form>
    </section>
  );
}

function TemplateTestForm({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const { form, errors, sending, set, submit } = useTestForm<TemplateForm>(
    { token: "", number: "", name: "", language: "pt_BR", values: "" },
    online,
    validateTemplateForm,
    sendTemplateForm,
    { values: "" },
  );
  return (
    <section className="messages-api-card" aria-labelledby="messages-api-template-test">
      <h2 id="messages-api-template-test">{t("messagesApi.templateTest")}</h2>
      <p>{t("messagesApi.templateIntro")}</p>
      <form className="messages-api-form" onSubmit={submit} noValidate data-testid="messages-api-template-form">
        <TokenAndNumber prefix="messages-api-template" form={form} errors={errors} set={set} />
        <TextField
          label={t("messagesApi.templateName")}
          value={form.name}
          onChange={set("name")}
          errorMessage={errors.name}
          placeholder="pedido_enviado"
          isRequired
          data-testid="messages-api-template-name"
        />
        <TextField
          label={t("messagesApi.templateLanguage")}
          value={form.language}
          onChange={set("language")}
          errorMessage={errors.language}
          isRequired
          data-testid="messages-api-template-language"
        />
        <TextAreaField
          label={t("messagesApi.templateValues")}
          value={form.values}
          onChange={set("values")}
          errorMessage={errors.values}
          rows={3}
          data-testid="messages-api-template-values"
        />
        <SendButton online={online} sending={sending} testId="messages-api-template-send" />
      </form>
    </section>
  );
}

function SendButton({ online, sending, testId }: { online: boolean; sending: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="messages-api-actions">
      <Button type="submit" variant="primary" isPending={sending} isDisabled={!online} data-testid={testId}>
        {t("messagesApi.send")}
      </Button>
      {!online && <span className="messages-api-offline">{t("messagesApi.needsConnection")}</span>}
    </div>
  );
}
