// NUL characters (U+0000) in text: PostgreSQL cannot store them in text or jsonb, so
// every input is refused at the edge when one of its strings (or keys) holds one.

export const NUL_BYTE_MESSAGE = "Text must not contain NUL characters";

/** Bodies are walked this deep at most; deeper nesting is refused as malformed. */
const MAX_DEPTH = 64;

/** The dotted path of the first string (or key) holding a NUL, "" for the value itself; undefined when clean. */
export function findNulByte(value: unknown, skip?: (path: string) => boolean): string | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (skip?.(path)) continue;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path;
      continue;
    }
    if (v === null || typeof v !== "object" || ArrayBuffer.isView(v)) continue;
    if (depth >= MAX_DEPTH) return path;
    for (const [k, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${k}` : k;
      if (k.includes("\u0000")) return childPath;
      stack.push({ v: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}
