// A determinate progress bar with its label and value text (an import, an upload);
// react-aria's ProgressBar gives it the progressbar role and its value for screen readers.
// For "busy, no idea how long" use Spinner.
import { Label } from "react-aria-components/Label";
import { ProgressBar as AriaProgressBar } from "react-aria-components/ProgressBar";

export function ProgressBar({
  label,
  value,
  valueText,
  isIndeterminate = false,
  "data-testid": testId,
}: {
  label: string;
  /** 0 to 100. */
  value?: number;
  /** Read and shown instead of the percentage, e.g. '120 linhas lidas'. */
  valueText?: string;
  /** Busy with no known end (the bar sweeps; the value text still shows). */
  isIndeterminate?: boolean;
  "data-testid"?: string;
}) {
  return (
    <AriaProgressBar
      className="progress-bar"
      value={value}
      valueLabel={valueText}
      isIndeterminate={isIndeterminate}
      data-testid={testId}
    >
      {({ percentage, valueText: text }) => (
        <>
          <div className="progress-bar-head">
            <Label className="progress-bar-label">{label}</Label>
            <span className="progress-bar-value">{valueText ?? text}</span>
          </div>
          <div className="progress-bar-track">
            <div
              className="progress-bar-fill"
              data-indeterminate={isIndeterminate ? "true" : undefined}
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
