// The poll's options: one field each (a repeat said on the option that repeats), remove and add,
// between core's minimum and maximum.
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from "@chatflow/core/contract/message-polls.ts";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../../ui/button.tsx";
import { TextField } from "../../ui/fields.tsx";
import { PlusIcon, TrashIcon } from "../../ui/icons.tsx";
import type { PollOption } from "./use-poll-form.ts";

export function PollOptionsFieldset({
  options,
  repeated,
  errors,
  onChange,
  onRemove,
  onAdd,
}: {
  options: PollOption[];
  /** Indexes of options that repeat an earlier one. */
  repeated: Set<number>;
  errors: Record<string, string>;
  onChange: (key: number, text: string) => void;
  onRemove: (key: number) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="composer-list-section" aria-describedby="send-poll-options-hint">
      <legend>{t("composerDialogs.poll.options")}</legend>
      <p className="field-description" id="send-poll-options-hint">
        {t("composerDialogs.poll.hint")}
      </p>
      {errors.options && (
        <p className="field-error" role="alert" data-testid="send-poll-options-error">
          {errors.options}
        </p>
      )}
      {options.map((o, i) => (
        <div key={o.key} className="composer-list-row" data-option-key={o.key}>
          <TextField
            label={t("composerDialogs.poll.option", { n: i + 1 })}
            value={o.text}
            onChange={(text) => onChange(o.key, text)}
            errorMessage={errors[`options.${i}`] ?? (repeated.has(i) ? t("composerDialogs.poll.duplicate") : undefined)}
            maxLength={100}
            isRequired
            data-testid="send-poll-option"
          />
          <IconButton
            label={t("composerDialogs.poll.removeOption", { n: i + 1 })}
            onPress={() => onRemove(o.key)}
            isDisabled={options.length <= POLL_OPTIONS_MIN}
            data-testid="send-poll-remove-option"
          >
            <TrashIcon />
          </IconButton>
        </div>
      ))}
      <Button
        size="small"
        icon={<PlusIcon />}
        onPress={onAdd}
        isDisabled={options.length >= POLL_OPTIONS_MAX}
        data-testid="send-poll-add-option"
      >
        {t("composerDialogs.poll.addOption")}
      </Button>
    </fieldset>
  );
}
