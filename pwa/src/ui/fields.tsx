// Text inputs of the kit: each has a visible label (or a hidden one when the screen shows
// the purpose otherwise), an optional description and the error text under the field.
// Errors come from the caller (the contract's zod messages, translated), not from the browser.
import { type ReactNode, useState } from "react";
import { SearchField as AriaSearchField } from "react-aria-components/SearchField";
import type { TextFieldProps as AriaTextFieldProps } from "react-aria-components/TextField";
import { TextField as AriaTextField, Input, TextArea } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";
import { IconButton } from "./button.tsx";
import { FieldHelp, FieldLabel } from "./field-parts.tsx";
import { CloseIcon, EyeIcon, EyeOffIcon, SearchIcon } from "./icons.tsx";

type CommonProps = {
  label: string;
  /** Hides the label visually; it still names the field. */
  hideLabel?: boolean;
  description?: ReactNode;
  /** The error to show; a non-empty text marks the field invalid. */
  errorMessage?: string | null;
  placeholder?: string;
  className?: string;
  "data-testid"?: string;
};

export type TextFieldProps = CommonProps &
  Omit<AriaTextFieldProps, "className" | "children" | "isInvalid" | "validate" | "style"> & {
    /** Something after the input inside the field's frame (a button, a unit). */
    trailing?: ReactNode;
  };

/** The one-line and the multi-line text field alike: label, the control given, help; invalid with an error. */
function TextFieldShell({
  label,
  hideLabel,
  description,
  errorMessage,
  className,
  children,
  ...props
}: Omit<CommonProps, "placeholder" | "data-testid"> &
  Omit<AriaTextFieldProps, "className" | "children" | "isInvalid" | "validate" | "style"> & { children: ReactNode }) {
  return (
    <AriaTextField
      {...props}
      className={className ? `field ${className}` : "field"}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} hidden={hideLabel} />
      {children}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}

export function TextField({ placeholder, trailing, "data-testid": testId, ...props }: TextFieldProps) {
  return (
    <TextFieldShell {...props}>
      <div className="field-frame">
        <Input className="field-input" placeholder={placeholder} data-testid={testId} />
        {trailing}
      </div>
    </TextFieldShell>
  );
}

/** A password with show/hide (spec 1 §5 login; the profile modal). */
export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <IconButton
          label={visible ? t("ui.hidePassword") : t("ui.showPassword")}
          onPress={() => setVisible((v) => !v)}
          // One tab stop for the field itself; the toggle is still a button reachable by Tab.
          className="field-trailing"
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  );
}

export type TextAreaFieldProps = CommonProps &
  Omit<AriaTextFieldProps, "className" | "children" | "isInvalid" | "validate" | "style"> & {
    rows?: number;
  };

export function TextAreaField({ placeholder, rows = 3, "data-testid": testId, ...props }: TextAreaFieldProps) {
  return (
    <TextFieldShell {...props}>
      <TextArea className="field-input field-textarea" rows={rows} placeholder={placeholder} data-testid={testId} />
    </TextFieldShell>
  );
}

export type SearchFieldProps = {
  label: string;
  /** Shown label (default: hidden, the placeholder and the icon say what it is). */
  showLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field. */
  onSubmit?: (value: string) => void;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
  "data-testid"?: string;
};

/** A search box: Escape or the clear button empties it (react-aria SearchField). */
export function SearchField({
  label,
  showLabel = false,
  value,
  onChange,
  onSubmit,
  placeholder,
  className,
  autoFocus,
  "data-testid": testId,
}: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <AriaSearchField
      className={className ? `field search-field ${className}` : "field search-field"}
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      autoFocus={autoFocus}
    >
      <FieldLabel label={label} hidden={!showLabel} />
      <div className="field-frame">
        <SearchIcon size={18} />
        <Input className="field-input" placeholder={placeholder} data-testid={testId} />
        {value !== "" && (
          <IconButton label={t("ui.clearSearch")} className="field-trailing">
            <CloseIcon size={16} />
          </IconButton>
        )}
      </div>
    </AriaSearchField>
  );
}
