// The Helps tab (spec 3 §2, super user): the help videos (title, description, video code) with a form in new
// mode or, when one is picked, edit mode with delete; clear goes back to new. No client-side validation (spec 3
// §5): core's refusals show under their fields. The list is kept for offline reading.
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { useTranslation } from "react-i18next";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { RecordEditorTab } from "./record-editor-tab.tsx";
import { HELPS_RECORDS } from "./settings-data.ts";
import { useRecordEditor } from "./use-record-editor.ts";

type HelpForm = { id: number | null; title: string; description: string; video: string };
const EMPTY: HelpForm = { id: null, title: "", description: "", video: "" };

export function HelpsTab({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const editor = useRecordEditor<HelpDTO, HelpForm>({
    online,
    ...HELPS_RECORDS,
    empty: EMPTY,
    formOf: ({ id, title, description, video }) => ({ id, title, description, video }),
    requestOf: ({ title, description, video }) => ({ title, description, video }),
    saveFailed: "settingsPage.helps.saveFailed",
  });
  const { form, setForm, errors, isDisabled } = editor;

  return (
    <RecordEditorTab
      name="helps"
      testId="help"
      editor={editor}
      row={(h) => ({ title: h.title, subtitle: h.video ? `${h.video} · ${h.description}` : h.description })}
    >
      <TextField
        label={t("settingsPage.helps.title")}
        value={form.title}
        onChange={(v) => setForm((f) => ({ ...f, title: v }))}
        errorMessage={errors.title}
        isDisabled={isDisabled}
        data-testid="help-title"
      />
      <TextField
        label={t("settingsPage.helps.video")}
        description={t("settingsPage.helps.videoHint")}
        value={form.video}
        onChange={(v) => setForm((f) => ({ ...f, video: v }))}
        errorMessage={errors.video}
        isDisabled={isDisabled}
        data-testid="help-video"
      />
      <TextAreaField
        label={t("settingsPage.helps.description")}
        value={form.description}
        onChange={(v) => setForm((f) => ({ ...f, description: v }))}
        errorMessage={errors.description}
        isDisabled={isDisabled}
        data-testid="help-description"
      />
    </RecordEditorTab>
  );
}
