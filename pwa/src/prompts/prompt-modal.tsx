// The prompt modal (spec 2 §2 Prompts, §3 Prompt): name, prompt text, API key, queue, max tokens, temperature,
// max messages and voice (text, or a pt-BR neural voice with its key and region). Needs a connection.
import { PROMPT_VOICES, type PromptDTO } from "@chatflow/core/contract/prompts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalSave } from "../layout/use-modal-save.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Slider } from "../ui/slider.tsx";
import { showToast } from "../ui/toasts.ts";
import { type PromptForm, promptFormFrom, validatePromptForm } from "./prompt-form.ts";
import { useSavePrompt } from "./prompts-data.ts";

const voiceName = (v: string) => v.replace(/^pt-BR-|Neural$/g, "");

export function PromptModal({
  prompt,
  online,
  onClose,
  onSaved,
}: {
  /** null adds one. */
  prompt: PromptDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queues = useReplicaQueues() ?? [];
  const savePrompt = useSavePrompt();
  const [form, setForm] = useState<PromptForm>(() => promptFormFrom(prompt));
  const { saving, errors, run } = useModalSave();
  const set = <K extends keyof PromptForm>(key: K, value: PromptForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!online) return;
    if (!(await run(validatePromptForm(form, prompt !== null), () => savePrompt(form, prompt)))) return;
    onSaved();
    showToast(t("promptsPage.toasts.saved"), "info");
    onClose();
  }

  return (
    <FormModal
      title={prompt ? t("promptsPage.modal.editTitle") : t("promptsPage.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("promptsPage.needsConnection")}
      cancelLabel={t("promptsPage.modal.cancel")}
      saveLabel={t("promptsPage.modal.save")}
      saveDisabled={!online}
      data-testid="prompt-modal"
      save-testid="prompt-save"
    >
      <TextField
        label={t("promptsPage.modal.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        data-testid="prompt-name"
      />
      <TextAreaField
        label={t("promptsPage.modal.prompt")}
        value={form.prompt}
        onChange={(v) => set("prompt", v)}
        errorMessage={errors.prompt}
        isRequired
        rows={5}
        data-testid="prompt-text"
      />
      <PasswordField
        label={t("promptsPage.modal.apiKey")}
        value={form.apiKey}
        onChange={(v) => set("apiKey", v)}
        errorMessage={errors.apiKey}
        isRequired={prompt === null}
        description={prompt ? t("promptsPage.modal.apiKeyKeep", { masked: prompt.apiKey }) : undefined}
        data-testid="prompt-api-key"
      />
      <Select
        label={t("promptsPage.modal.queue")}
        items={queues}
        value={form.queueId}
        onChange={(k) => set("queueId", k === null ? null : Number(k))}
        errorMessage={errors.queueId}
        isRequired
        data-testid="prompt-queue"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
      <TextField
        label={t("promptsPage.modal.maxTokens")}
        inputMode="numeric"
        value={form.maxTokens}
        onChange={(v) => set("maxTokens", v)}
        errorMessage={errors.maxTokens}
        isRequired
        data-testid="prompt-max-tokens"
      />
      <Slider
        label={t("promptsPage.modal.temperature")}
        value={form.temperature}
        onChange={(v) => set("temperature", v)}
        minValue={0}
        maxValue={2}
        step={0.1}
        formatValue={(v) => v.toFixed(1)}
        data-testid="prompt-temperature"
      />
      <TextField
        label={t("promptsPage.modal.maxMessages")}
        inputMode="numeric"
        value={form.maxMessages}
        onChange={(v) => set("maxMessages", v)}
        errorMessage={errors.maxMessages}
        isRequired
        data-testid="prompt-max-messages"
      />
      <Select
        label={t("promptsPage.modal.voice")}
        items={PROMPT_VOICES.map((id) => ({
          id,
          name: id === "texto" ? t("promptsPage.modal.voiceText") : voiceName(id),
        }))}
        value={form.voice}
        onChange={(k) => k && set("voice", String(k))}
        errorMessage={errors.voice}
        data-testid="prompt-voice"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      {form.voice !== "texto" && (
        <>
          <TextField
            label={t("promptsPage.modal.voiceKey")}
            value={form.voiceKey}
            onChange={(v) => set("voiceKey", v)}
            errorMessage={errors.voiceKey}
          />
          <TextField
            label={t("promptsPage.modal.voiceRegion")}
            value={form.voiceRegion}
            onChange={(v) => set("voiceRegion", v)}
            errorMessage={errors.voiceRegion}
          />
        </>
      )}
    </FormModal>
  );
}
