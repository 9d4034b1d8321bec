// Small labels: Badge (a count or a short state) and Chip (a tag with its colour).
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./button.tsx";
import { CloseIcon } from "./icons.tsx";

export type Tone = "neutral" | "primary" | "success" | "warning" | "danger";

export function Badge({
  children,
  tone = "neutral",
  label,
  className,
  "data-testid": testId,
}: {
  children: ReactNode;
  tone?: Tone;
  /** Read instead of the visible text, e.g. '3 mensagens não lidas' for '3'. */
  label?: string;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <span className={className ? `badge ${className}` : "badge"} data-tone={tone} data-testid={testId}>
      {label ? (
        <>
          <span aria-hidden="true">{children}</span>
          <span className="visually-hidden">{label}</span>
        </>
      ) : (
        children
      )}
    </span>
  );
}

/** Black or white, whichever reads better on `hex` (#rgb or #rrggbb); WCAG relative luminance. */
export function readableTextColor(hex: string): "#000000" | "#ffffff" {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return "#000000";
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? "#000000" : "#ffffff";
}

/** A tag or label with its own colour (tags, queues, the owner of a ticket). */
export function Chip({
  children,
  color,
  onRemove,
  removeLabel,
  className,
  "data-testid": testId,
}: {
  children: ReactNode;
  /** Background colour (#rrggbb); text picks black or white to stay readable. */
  color?: string | null;
  /** Shows a remove button. */
  onRemove?: () => void;
  /** Name of the remove button; defaults to 'Remover <text>'. */
  removeLabel?: string;
  className?: string;
  "data-testid"?: string;
}) {
  const { t } = useTranslation();
  const style: CSSProperties | undefined = color ? { background: color, color: readableTextColor(color) } : undefined;
  return (
    <span className={className ? `chip ${className}` : "chip"} style={style} data-testid={testId}>
      <span className="chip-label">{children}</span>
      {onRemove && (
        <IconButton
          label={removeLabel ?? t("ui.remove", { name: typeof children === "string" ? children : "" })}
          className="chip-remove"
          onPress={onRemove}
        >
          <CloseIcon size={14} />
        </IconButton>
      )}
    </span>
  );
}
