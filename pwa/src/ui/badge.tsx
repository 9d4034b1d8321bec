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

/**
 * Black or white, whichever reads better on `color`: #rgb, #rrggbb, rgb(r g b) / rgb(r, g, b) or hsl(h s% l%) /
 * hsl(h, s%, l%) (the co-editors' presence colours are hsl, doc-presence.ts); WCAG relative luminance. Anything
 * else reads as black.
 */
export function readableTextColor(color: string): "#000000" | "#ffffff" {
  const luminance = relativeLuminance(color);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance === null || luminance > 0.179 ? "#000000" : "#ffffff";
}

/** WCAG relative luminance (0 black to 1 white) of a colour readableTextColor reads, else null. */
export function relativeLuminance(color: string): number | null {
  const channels = rgbOf(color.trim());
  if (!channels) return null;
  const [r, g, b] = channels.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A colour's red, green and blue (0-255), or null for a form readableTextColor does not read. */
function rgbOf(color: string): [number, number, number] | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex) {
    const h = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
    return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  }
  const fn = /^(rgb|hsl)a?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%?[\s,]+([\d.]+)%?\s*(?:[,/][^)]*)?\)$/i.exec(color);
  if (!fn) return null;
  const [a, b, c] = [Number(fn[2]), Number(fn[3]), Number(fn[4])];
  if (fn[1]!.toLowerCase() === "rgb") return [a, b, c];
  // hsl → rgb (CSS Color 4).
  const s = b / 100;
  const l = c / 100;
  const k = (n: number) => (n + a / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number];
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
