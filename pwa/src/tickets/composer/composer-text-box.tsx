// The composer's text box: one row today; while the quick-message picker is open it acts as the
// picker's combobox (the options keep no focus of their own).
import type { ClipboardEvent, KeyboardEvent } from "react";
import { TextArea, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";

export function ComposerTextBox({
  text,
  onChange,
  isPrivate,
  onKeyDown,
  onPaste,
  picker,
}: {
  text: string;
  onChange: (value: string) => void;
  isPrivate: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  /** The open quick-message picker this box drives, if any. */
  picker: { listboxId: string; active: number } | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      className="message-input-field"
      aria-label={isPrivate ? t("composer.privateNote") : t("messages.placeholder")}
      value={text}
      onChange={onChange}
    >
      <TextArea
        data-testid="message-input"
        placeholder={isPrivate ? t("composer.notePlaceholder") : t("messages.placeholder")}
        rows={1}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        role={picker ? "combobox" : undefined}
        aria-expanded={picker ? true : undefined}
        aria-controls={picker ? picker.listboxId : undefined}
        aria-autocomplete={picker ? "list" : undefined}
        aria-activedescendant={picker ? `${picker.listboxId}-${picker.active}` : undefined}
      />
    </TextField>
  );
}
