// The interactive-message dialog (spec 1 §2 "Dialogs"; §7 Interactive; §5): a list with sections
// and options, a link button, a copy-code button, a call-me button or a PIX payment request. The
// form is checked with core's own schema, so its messages are the ones core answers ('Por favor,
// selecione um título.', 'Nenhum conteúdo para copiar.', 'Nenhum link disponível.'); a preview
// shows what the contact gets. Sending only writes locally (send-interactive.ts); the outbox takes
// it to core, now or when the network is back. The button kinds take a header image (up to 1 MB), kept in
// the outbox with the message and sent by REST under the message's id (send-interactive.ts).
import { PIX_KEY_TYPES } from "@chatflow/core/contract/messages.ts";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../i18n/form-errors.ts";
import { Button, IconButton } from "../../ui/button.tsx";
import { TextAreaField, TextField } from "../../ui/fields.tsx";
import { FileButton } from "../../ui/file-button.tsx";
import { CloseIcon, PaperclipIcon, PlusIcon, TrashIcon } from "../../ui/icons.tsx";
import { Select, SelectItem } from "../../ui/select.tsx";
import {
  checkHeaderImage,
  type InteractiveKind,
  type ParsedInteractive,
  parseInteractive,
} from "../send-interactive.ts";
import { ComposerPreviewDialog } from "./composer-preview-dialog.tsx";
import {
  type ButtonDraft,
  draftToInput,
  emptyDraft,
  emptyRow,
  emptySection,
  INTERACTIVE_KINDS,
  type InteractiveDraft,
  type ListDraft,
  type PixDraft,
} from "./interactive-draft.ts";
import { InteractivePreview } from "./interactive-preview.tsx";
import "./composer-dialogs.css";

/** Core's validation messages, shown through this dialog's texts (the pt-BR ones are the spec's). */
const KNOWN: Record<string, string> = {
  "Por favor, selecione um título.": "composerDialogs.errors.titleRequired",
  "Nenhum conteúdo para copiar.": "composerDialogs.errors.nothingToCopy",
  "Nenhum link disponível.": "composerDialogs.errors.noLink",
  "Invalid phone number": "composerDialogs.errors.invalidPhone",
  "Invalid value": "composerDialogs.errors.invalidValue",
  "Invalid PIX key type": "composerDialogs.errors.invalidKeyType",
  "Invalid PIX key": "composerDialogs.errors.invalidKey",
  "Empty option": "composerDialogs.errors.emptyOption",
  "Add at least one option": "composerDialogs.errors.noOptions",
};

const MAX_SECTIONS = 10;
const MAX_ROWS = 100;

export type InteractiveMessageDialogProps = {
  online: boolean;
  /** Writes the message locally (with its header image, for the button kinds); a throw keeps the dialog open. */
  onSend: (message: ParsedInteractive, image: File | null) => Promise<void>;
  onClose: () => void;
};

export function InteractiveMessageDialog({ online, onSend, onClose }: InteractiveMessageDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<InteractiveDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const withImage = draft.kind === "url" || draft.kind === "copy" || draft.kind === "call";
  const imageUrl = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(() => () => void (imageUrl && URL.revokeObjectURL(imageUrl)), [imageUrl]);

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    try {
      checkHeaderImage(file);
      setImage(file);
      setImageError(null);
    } catch (err) {
      setImage(null);
      const tooLarge = err instanceof Error && err.message === "Image too large";
      setImageError(t(tooLarge ? "composerDialogs.errors.imageTooLarge" : "composerDialogs.errors.invalidImage"));
    }
  };

  const setKind = (kind: InteractiveKind) => {
    setDraft((d) => ({ ...d, kind }));
    setErrors({});
  };
  const setList = (patch: Partial<ListDraft>) => setDraft((d) => ({ ...d, list: { ...d.list, ...patch } }));
  const setButton = (patch: Partial<ButtonDraft>) => setDraft((d) => ({ ...d, button: { ...d.button, ...patch } }));
  const setPix = (patch: Partial<PixDraft>) => setDraft((d) => ({ ...d, pix: { ...d.pix, ...patch } }));

  function submit() {
    const parsed = parseInteractive(draftToInput(draft));
    if (!parsed.ok) {
      setErrors(fieldErrors(parsed.error, KNOWN));
      return;
    }
    setErrors({});
    return onSend(parsed.message, withImage ? image : null);
  }

  return (
    <ComposerPreviewDialog
      title={t("composerDialogs.interactive")}
      testId="interactive"
      online={online}
      onClose={onClose}
      onSubmit={submit}
      preview={<InteractivePreview draft={draft} imageUrl={withImage ? imageUrl : null} />}
    >
      <Select
        label={t("composerDialogs.kind")}
        items={INTERACTIVE_KINDS.map((id) => ({ id }))}
        value={draft.kind}
        onChange={(key) => key !== null && setKind(key as InteractiveKind)}
        data-testid="interactive-kind"
      >
        {(k) => <SelectItem id={k.id}>{t(`composerDialogs.kinds.${k.id}`)}</SelectItem>}
      </Select>
      {draft.kind === "list" && <ListFields list={draft.list} errors={errors} onChange={setList} />}
      {(draft.kind === "url" || draft.kind === "copy" || draft.kind === "call") && (
        <ButtonFields kind={draft.kind} button={draft.button} errors={errors} onChange={setButton} />
      )}
      {withImage && (
        <fieldset className="composer-interactive-image">
          <legend>{t("composerDialogs.fields.image")}</legend>
          <FileButton
            acceptedFileTypes={["image/png", "image/jpeg", "image/gif", "image/webp"]}
            icon={<PaperclipIcon size={16} />}
            onSelect={(files) => pickImage(files[0])}
            data-testid="interactive-image"
          >
            {t("composerDialogs.fields.chooseImage")}
          </FileButton>
          {image && (
            <span className="composer-interactive-image-name" data-testid="interactive-image-name">
              {image.name}
              <IconButton
                label={t("composerDialogs.fields.removeImage", { name: image.name })}
                onPress={() => setImage(null)}
              >
                <CloseIcon size={16} />
              </IconButton>
            </span>
          )}
          {imageError && (
            <p className="field-error" role="alert" data-testid="interactive-image-error">
              {imageError}
            </p>
          )}
        </fieldset>
      )}
      {draft.kind === "pix" && <PixFields pix={draft.pix} errors={errors} onChange={setPix} />}
    </ComposerPreviewDialog>
  );
}

type FieldsProps<T> = { errors: Record<string, string>; onChange: (patch: Partial<T>) => void };

function ListFields({ list, errors, onChange }: FieldsProps<ListDraft> & { list: ListDraft }) {
  const { t } = useTranslation();
  const sections = list.sections;
  const setSection = (i: number, patch: Partial<ListDraft["sections"][number]>) =>
    onChange({ sections: sections.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const rowCount = sections.reduce((n, s) => n + s.rows.length, 0);
  return (
    <>
      <TextField
        label={t("composerDialogs.fields.title")}
        value={list.title}
        onChange={(title) => onChange({ title })}
        errorMessage={errors.title}
        maxLength={1024}
        isRequired
        data-testid="interactive-title"
      />
      <TextAreaField
        label={t("composerDialogs.fields.text")}
        value={list.text}
        onChange={(text) => onChange({ text })}
        errorMessage={errors.text}
        rows={2}
        maxLength={4096}
      />
      <div className="composer-interactive-pair">
        <TextField
          label={t("composerDialogs.fields.buttonText")}
          value={list.buttonText}
          onChange={(buttonText) => onChange({ buttonText })}
          errorMessage={errors.buttonText}
          maxLength={40}
        />
        <TextField
          label={t("composerDialogs.fields.footer")}
          value={list.footer}
          onChange={(footer) => onChange({ footer })}
          errorMessage={errors.footer}
          maxLength={1024}
        />
      </div>
      {errors.sections && <p className="field-error">{errors.sections}</p>}
      {sections.map((s, i) => (
        <fieldset key={s.key} className="composer-list-section" data-testid="interactive-section">
          <legend>{t("composerDialogs.fields.section", { n: i + 1 })}</legend>
          <div className="composer-list-row">
            <TextField
              label={t("composerDialogs.fields.sectionTitle", { n: i + 1 })}
              hideLabel
              placeholder={t("composerDialogs.fields.sectionTitle", { n: i + 1 })}
              value={s.title}
              onChange={(title) => setSection(i, { title })}
              errorMessage={errors[`sections.${i}.title`]}
              maxLength={1024}
            />
            <IconButton
              label={t("composerDialogs.fields.removeSection", { n: i + 1 })}
              onPress={() => onChange({ sections: sections.filter((_, j) => j !== i) })}
              isDisabled={sections.length === 1}
            >
              <TrashIcon />
            </IconButton>
          </div>
          {errors[`sections.${i}.rows`] && <p className="field-error">{errors[`sections.${i}.rows`]}</p>}
          {s.rows.map((r, k) => {
            const setRow = (patch: Partial<typeof r>) =>
              setSection(i, { rows: s.rows.map((x, m) => (m === k ? { ...x, ...patch } : x)) });
            return (
              <div key={r.key} className="composer-list-row">
                <TextField
                  label={t("composerDialogs.fields.optionTitle", { n: k + 1 })}
                  value={r.title}
                  onChange={(title) => setRow({ title })}
                  errorMessage={errors[`sections.${i}.rows.${k}.title`]}
                  maxLength={200}
                  data-testid="interactive-option"
                />
                <TextField
                  label={t("composerDialogs.fields.optionDescription", { n: k + 1 })}
                  value={r.description}
                  onChange={(description) => setRow({ description })}
                  errorMessage={errors[`sections.${i}.rows.${k}.description`]}
                  maxLength={200}
                />
                <IconButton
                  label={t("composerDialogs.fields.removeOption", { n: k + 1 })}
                  onPress={() => setSection(i, { rows: s.rows.filter((_, m) => m !== k) })}
                  isDisabled={s.rows.length === 1}
                >
                  <TrashIcon />
                </IconButton>
              </div>
            );
          })}
          <Button
            size="small"
            icon={<PlusIcon />}
            onPress={() => setSection(i, { rows: [...s.rows, emptyRow()] })}
            isDisabled={rowCount >= MAX_ROWS}
            data-testid="interactive-add-option"
          >
            {t("composerDialogs.fields.addOption")}
          </Button>
        </fieldset>
      ))}
      <Button
        size="small"
        icon={<PlusIcon />}
        onPress={() => onChange({ sections: [...sections, emptySection()] })}
        isDisabled={sections.length >= MAX_SECTIONS}
      >
        {t("composerDialogs.fields.addSection")}
      </Button>
    </>
  );
}

function ButtonFields({
  kind,
  button,
  errors,
  onChange,
}: FieldsProps<ButtonDraft> & { kind: "url" | "copy" | "call"; button: ButtonDraft }) {
  const { t } = useTranslation();
  const target = { url: "url", copy: "copyText", call: "phone" }[kind];
  return (
    <>
      <TextAreaField
        label={t("composerDialogs.fields.message")}
        value={button.title}
        onChange={(title) => onChange({ title })}
        errorMessage={errors.title}
        rows={2}
        maxLength={1024}
      />
      <TextField
        label={t("composerDialogs.fields.description")}
        value={button.description}
        onChange={(description) => onChange({ description })}
        errorMessage={errors.description}
        maxLength={1024}
      />
      <TextField
        label={t("composerDialogs.fields.buttonText")}
        value={button.buttonText}
        onChange={(buttonText) => onChange({ buttonText })}
        errorMessage={errors.buttonText}
        maxLength={40}
      />
      <TextField
        label={t(`composerDialogs.fields.${target}`)}
        value={button.copyText}
        onChange={(copyText) => onChange({ copyText })}
        errorMessage={errors.copyText}
        type={kind === "url" ? "url" : kind === "call" ? "tel" : "text"}
        inputMode={kind === "call" ? "tel" : undefined}
        maxLength={2048}
        isRequired
        data-testid="interactive-target"
      />
    </>
  );
}

function PixFields({ pix, errors, onChange }: FieldsProps<PixDraft> & { pix: PixDraft }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("composerDialogs.fields.pixTitle")}
        value={pix.title}
        onChange={(title) => onChange({ title })}
        errorMessage={errors.title}
        maxLength={200}
      />
      <div className="composer-interactive-pair">
        <TextField
          label={t("composerDialogs.fields.value")}
          value={pix.sendvalue}
          onChange={(sendvalue) => onChange({ sendvalue })}
          errorMessage={errors.sendvalue}
          inputMode="decimal"
          maxLength={20}
          isRequired
          data-testid="interactive-pix-value"
        />
        <Select
          label={t("composerDialogs.fields.keyType")}
          items={PIX_KEY_TYPES.map((id) => ({ id }))}
          value={pix.sendkey_type}
          onChange={(key) => key !== null && onChange({ sendkey_type: key as PixDraft["sendkey_type"] })}
          errorMessage={errors.sendkey_type}
          data-testid="interactive-pix-key-type"
        >
          {(k) => <SelectItem id={k.id}>{k.id}</SelectItem>}
        </Select>
      </div>
      <TextField
        label={t("composerDialogs.fields.key")}
        value={pix.sendKey}
        onChange={(sendKey) => onChange({ sendKey })}
        errorMessage={errors.sendKey}
        maxLength={200}
        isRequired
        data-testid="interactive-pix-key"
      />
      <TextField
        label={t("composerDialogs.fields.merchant")}
        value={pix.sendmerchant_name}
        onChange={(sendmerchant_name) => onChange({ sendmerchant_name })}
        errorMessage={errors.sendmerchant_name}
        maxLength={200}
      />
    </>
  );
}
