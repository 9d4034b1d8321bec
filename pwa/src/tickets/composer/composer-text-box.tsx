// The composer's text box: one row that grows with its text up to about five lines, then scrolls
// (CSS field-sizing where the browser has it, its height set here where it does not). While the
// quick-message picker is open it acts as the picker's combobox (the options keep no focus of their own).
import { type ClipboardEvent, type KeyboardEvent, type RefObject, useLayoutEffect } from "react";
import { TextArea, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";

export function ComposerTextBox({
  text,
  onChange,
  isPrivate,
  onKeyDown,
  onPaste,
  picker,
  inputRef,
}: {
  text: string;
  onChange: (value: string) => void;
  isPrivate: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void;
  /** The open quick-message picker this box drives, if any. */
  picker: { listboxId: string; active: number } | null;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  // Browsers without `field-sizing: content` (Safari, Firefox): the box takes its content's height; CSS caps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el || (typeof CSS !== "undefined" && CSS.supports("field-sizing", "content"))) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [text, inputRef]);
  return (
    <TextField
      className="message-input-field"
      aria-label={isPrivate ? t("composer.privateNote") : t("messages.placeholder")}
      value={text}
      onChange={onChange}
    >
      <TextArea
        ref={inputRef}
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
