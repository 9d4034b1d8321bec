// On/off controls: Checkbox (a choice saved with the form) and Switch (a setting that
// applies at once). Both are labelled by their children and toggle with Space.
import type { ReactNode } from "react";
import {
  CheckboxButton,
  CheckboxField,
  type CheckboxFieldProps,
  FieldError,
  Text,
} from "react-aria-components/Checkbox";
import { SwitchButton, SwitchField, type SwitchFieldProps } from "react-aria-components/Switch";
import { CheckIcon } from "./icons.tsx";

type ToggleLook = {
  children: ReactNode;
  description?: ReactNode;
  errorMessage?: string | null;
  className?: string;
  "data-testid"?: string;
};

export type CheckboxProps = ToggleLook & Omit<CheckboxFieldProps, "children" | "className" | "style" | "isInvalid">;

export function Checkbox({
  children,
  description,
  errorMessage,
  className,
  "data-testid": testId,
  ...props
}: CheckboxProps) {
  return (
    <CheckboxField
      {...props}
      className={className ? `toggle-field ${className}` : "toggle-field"}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <CheckboxButton className="checkbox" data-testid={testId}>
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className="checkbox-box" aria-hidden="true">
              {isIndeterminate ? <span className="checkbox-dash" /> : isSelected && <CheckIcon size={14} />}
            </span>
            <span>{children}</span>
          </>
        )}
      </CheckboxButton>
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </CheckboxField>
  );
}

export type SwitchProps = ToggleLook & Omit<SwitchFieldProps, "children" | "className" | "style">;

export function Switch({ children, description, className, "data-testid": testId, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={className ? `toggle-field ${className}` : "toggle-field"}>
      <SwitchButton className="switch" data-testid={testId}>
        <span className="switch-track" aria-hidden="true">
          <span className="switch-handle" />
        </span>
        <span>{children}</span>
      </SwitchButton>
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
    </SwitchField>
  );
}
