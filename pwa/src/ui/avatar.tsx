// A person's or contact's picture, or their initials on a colour when there is none
// (or the picture fails to load). Decorative by default: the name is usually beside it.
import { type CSSProperties, useState } from "react";
import { readableTextColor } from "./badge.tsx";

const PALETTE = ["#5c6bc0", "#26a69a", "#ef6c00", "#8e24aa", "#00897b", "#d81b60", "#3949ab", "#6d4c41"];

/** Up to two initials: first and last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

function colourFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export function Avatar({
  name,
  src,
  size = 40,
  decorative = true,
  color,
}: {
  name: string;
  src?: string | null;
  size?: number;
  /** false when nothing else on screen names the person: the avatar then carries the name. */
  decorative?: boolean;
  /** Background for the initials; by default one derived from the name. */
  color?: string | null;
}) {
  const [failed, setFailed] = useState(false);
  const a11y = decorative ? { "aria-hidden": true as const } : { role: "img", "aria-label": name };
  const background = color ?? colourFor(name);
  const style: CSSProperties = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.4),
    ...(src && !failed ? {} : { background, color: readableTextColor(background) }),
  };
  return (
    <span className="avatar" style={style} {...a11y}>
      {src && !failed ? (
        <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
