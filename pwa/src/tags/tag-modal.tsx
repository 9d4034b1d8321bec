// The tag modal (spec 2 §2 Tags; §5: name required, at least 3 characters): name and colour, and its kanban
// variant: with Kanban on, the lane fields (spec 2 §3 Tag; kanban/lane-fields.tsx), lanes chosen among the
// company's kanban tags. A new tag goes through the outbox (works offline); an edit too (updateTag), waiting for
// its push, so it needs a connection.
import { type TagDTO, ZCreateTagRequestSchema, ZUpdateTagRequestSchema } from "@chatflow/core/contract/contacts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { LaneFields, laneForm, laneValues } from "../kanban/lane-fields.tsx";
import { announceSaved } from "../layout/saved-toast.ts";
import { ColorSwatchField, DEFAULT_SWATCHES } from "../ui/color-swatch-field.tsx";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Switch } from "../ui/toggles.tsx";
import { useCreateTag, useTagWithLanes, useUpdateTag } from "./tags-data.ts";

/** spec 2 §5's messages for the tag form. */
export const TAG_MESSAGES: Record<string, string> = {
  Required: "tagsPage.validation.required",
  "Tag muito curta!": "tagsPage.validation.tooShort",
  "Invalid color": "tagsPage.validation.invalidColor",
  "Tag já existe": "backendErrors.ERR_TAG_ALREADY_EXISTS",
};

/** A random colour of the palette for a new tag (spec 2 §9: a new tag gets a random colour). */
const randomSwatch = () => DEFAULT_SWATCHES[Math.floor(Math.random() * DEFAULT_SWATCHES.length)]!;

export function TagModal({
  tag,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a tag. */
  tag: { id: number; name: string; color: string } | null;
  online: boolean;
  onClose: () => void;
  /** The stored tag (an edit), or null for a tag queued to be created. */
  onSaved: (saved: TagDTO | null) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState(tag?.color ?? randomSwatch());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const isNew = tag === null;
  // The stored tag (its kanban flag and lane settings) and the company's lanes to choose from, as cached.
  const cached = useTagWithLanes(tag?.id ?? null);
  const createTag = useCreateTag();
  const updateTag = useUpdateTag();
  const [kanban, setKanban] = useState<boolean | null>(null);
  const [lane, setLane] = useState<ReturnType<typeof laneForm> | null>(null);
  const isKanban = kanban ?? cached?.self?.kanban === 1;
  const laneState = lane ?? laneForm(cached?.self);
  const laneChoices = (cached?.all ?? []).filter((l) => l.kanban === 1).sort((a, b) => a.name.localeCompare(b.name));

  async function save() {
    const lanes = isKanban ? laneValues(laneState) : null;
    if (isKanban && !lanes) {
      setErrors({ timeLane: t("kanban.lane.invalidTime") });
      return;
    }
    // An empty name is a missing one ('Obrigatório'), before the length rule.
    const body = { name: name.trim() === "" ? undefined : name, color, kanban: isKanban ? 1 : 0, ...(lanes ?? {}) };
    const parsed = isNew ? ZCreateTagRequestSchema.safeParse(body) : ZUpdateTagRequestSchema.safeParse(body);
    if (!parsed.success || body.name === undefined) {
      setErrors(parsed.success ? { name: t("tagsPage.validation.required") } : fieldErrors(parsed.error, TAG_MESSAGES));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (isNew) {
        await createTag(ZCreateTagRequestSchema.parse(body));
        // 'Salvo neste dispositivo, enviando…' until the server has it, then the success (issue 21).
        void announceSaved(t("tagsPage.toasts.saved"));
        onSaved(null);
      } else {
        const saved = await updateTag(tag.id, ZUpdateTagRequestSchema.parse(body));
        void announceSaved(t("tagsPage.toasts.saved"));
        onSaved(saved);
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, TAG_MESSAGES));
      else setErrors({ form: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  const blocked = !isNew && !online;
  return (
    <FormModal
      title={isNew ? t("tagsPage.modal.addTitle") : t("tagsPage.modal.editTitle")}
      size="small"
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      note={blocked ? t("tagsPage.needsConnection") : null}
      cancelLabel={t("tagsPage.modal.cancel")}
      saveLabel={t("tagsPage.modal.save")}
      saveDisabled={blocked}
      data-testid="tag-modal"
      save-testid="tag-save"
    >
      <div className="tag-form">
        <TextField
          label={t("tagsPage.modal.name")}
          value={name}
          onChange={setName}
          errorMessage={errors.name}
          isRequired
          autoFocus
          data-testid="tag-name"
        />
        <ColorSwatchField label={t("tagsPage.modal.color")} value={color} onChange={setColor} data-testid="tag-color" />
        {errors.color && <p className="field-error">{errors.color}</p>}
        <Switch isSelected={isKanban} onChange={setKanban} data-testid="tag-kanban">
          {t("kanban.lane.kanban")}
        </Switch>
        {isKanban && (
          <LaneFields
            value={laneState}
            onChange={setLane}
            lanes={laneChoices}
            selfId={tag?.id ?? null}
            timeError={errors.timeLane}
          />
        )}
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
      </div>
    </FormModal>
  );
}
