// A button that opens the system's file picker (react-aria FileTrigger): keyboard and
// screen readers reach a real button, never a hidden <input type="file"> styled by hand.
import type { ReactNode } from "react";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { Button, type ButtonVariant } from "./button.tsx";

export function FileButton({
  children,
  onSelect,
  acceptedFileTypes,
  allowsMultiple = false,
  variant = "secondary",
  icon,
  isDisabled,
  "data-testid": testId,
}: {
  children: ReactNode;
  /** The files picked (one unless allowsMultiple). */
  onSelect: (files: File[]) => void;
  /** MIME types or extensions, as the accept attribute takes them (e.g. ".csv", "image/*"). */
  acceptedFileTypes?: string[];
  allowsMultiple?: boolean;
  variant?: ButtonVariant;
  icon?: ReactNode;
  isDisabled?: boolean;
  "data-testid"?: string;
}) {
  return (
    <FileTrigger
      acceptedFileTypes={acceptedFileTypes}
      allowsMultiple={allowsMultiple}
      onSelect={(list) => {
        const files = list ? Array.from(list) : [];
        if (files.length > 0) onSelect(files);
      }}
    >
      <Button variant={variant} icon={icon} isDisabled={isDisabled} data-testid={testId}>
        {children}
      </Button>
    </FileTrigger>
  );
}
