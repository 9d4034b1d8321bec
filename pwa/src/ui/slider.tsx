// A value on a range (the notification volume): arrow keys, Home/End and drag.
import { Slider as AriaSlider, Label, SliderOutput, SliderThumb, SliderTrack } from "react-aria-components/Slider";

export function Slider({
  label,
  value,
  onChange,
  minValue = 0,
  maxValue = 100,
  step = 1,
  formatValue,
  hideLabel,
  "data-testid": testId,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  /** Text shown and read for a value, e.g. '40%'. */
  formatValue?: (value: number) => string;
  hideLabel?: boolean;
  "data-testid"?: string;
}) {
  return (
    <AriaSlider
      className="slider"
      value={value}
      onChange={(v) => onChange(v as number)}
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      data-testid={testId}
    >
      <div className="slider-head">
        <Label className={hideLabel ? "visually-hidden" : "field-label"}>{label}</Label>
        <SliderOutput className="slider-output">
          {({ state }) => (formatValue ? formatValue(state.getThumbValue(0)) : String(state.getThumbValue(0)))}
        </SliderOutput>
      </div>
      <SliderTrack className="slider-track">
        {({ state }) => (
          <>
            <span className="slider-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb
              className="slider-thumb"
              {...(formatValue ? { "aria-valuetext": formatValue(state.getThumbValue(0)) } : {})}
            />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
