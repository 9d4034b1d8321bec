// The parts every labelled field of the kit shares (the text fields, Select, ComboBox): the label, and under the
// control its description and error. react-aria links each to the control through the field's context.
import type { ReactNode } from "react";
import { FieldError, Label, Text } from "react-aria-components/TextField";

/** A field's label; hidden, it still names the field (shared by the text fields and the selects). */
export function FieldLabel({ label, hidden }: { label: string; hidden?: boolean }) {
  return <Label className={hidden ? "visually-hidden" : "field-label"}>{label}</Label>;
}

/** What stands under a field: its description and its error, both linked to the control by react-aria. */
export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: string | null }) {
  return (
    <>
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </>
  );
}
