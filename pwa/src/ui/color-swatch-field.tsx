// Picks a colour from a palette of swatches (react-aria ColorSwatchPicker: arrow keys move,
// each swatch is named by its colour). The current value joins the palette when it is not
// one of them, so a colour chosen elsewhere (a random tag colour) is kept and shown.
import { useId } from "react";
import { ColorSwatch, parseColor } from "react-aria-components/ColorSwatch";
import { ColorSwatchPicker, ColorSwatchPickerItem } from "react-aria-components/ColorSwatchPicker";
import { Label } from "react-aria-components/Label";

/** Twelve colours readable with black or white text, in both themes. */
export const DEFAULT_SWATCHES = [
  "#F44336",
  "#E91E63",
  "#9C27B0",
  "#673AB7",
  "#3F51B5",
  "#2196F3",
  "#009688",
  "#4CAF50",
  "#8BC34A",
  "#FFC107",
  "#FF9800",
  "#795548",
] as const;

const hex = (value: string) => {
  try {
    return parseColor(value).toString("hex").toUpperCase();
  } catch {
    return null;
  }
};

export function ColorSwatchField({
  label,
  value,
  onChange,
  swatches = DEFAULT_SWATCHES,
  "data-testid": testId,
}: {
  label: string;
  /** #rrggbb (or #rgb); an unreadable value selects nothing. */
  value: string;
  onChange: (hex: string) => void;
  swatches?: readonly string[];
  "data-testid"?: string;
}) {
  const labelId = useId();
  const current = hex(value);
  const palette = [...new Set([...(current ? [current] : []), ...swatches.map((s) => hex(s) ?? s)])];
  return (
    <div className="field color-swatch-field" data-testid={testId}>
      <Label className="field-label" id={labelId}>
        {label}
      </Label>
      <ColorSwatchPicker
        className="color-swatch-picker"
        aria-labelledby={labelId}
        value={current ?? undefined}
        onChange={(c) => onChange(c.toString("hex").toUpperCase())}
      >
        {palette.map((c) => (
          <ColorSwatchPickerItem key={c} color={c} className="color-swatch-item">
            <ColorSwatch className="color-swatch" />
          </ColorSwatchPickerItem>
        ))}
      </ColorSwatchPicker>
    </div>
  );
}
