// WhatsApp's text formatting (*bold*, _italic_, ~strike~, ```mono```) and links, parsed into a
// tree that React renders as elements: user text never becomes HTML, so nothing in a message can
// inject markup or script. Links are only http(s); anything else stays plain text.

export type TextNode =
  | { kind: "text"; text: string }
  | { kind: "bold" | "italic" | "strike"; children: TextNode[] }
  | { kind: "mono"; text: string }
  | { kind: "link"; href: string; text: string };

const MARKERS: Record<string, "bold" | "italic" | "strike"> = { "*": "bold", _: "italic", "~": "strike" };
const URL_AT = /https?:\/\/[^\s<>"'`]+/iy;
/** Punctuation that ends a sentence rather than a URL ("veja https://x.com."). */
const TRAILING = /[.,;:!?)\]}]+$/;
const WORD = /[\p{L}\p{N}]/u;

const isWord = (c: string | undefined) => c !== undefined && WORD.test(c);
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/** An http(s) URL as an href, or null for anything else (javascript:, data:, malformed). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function linkAt(s: string, i: number, to: number): { href: string; text: string } | null {
  if (s[i] !== "h" && s[i] !== "H") return null;
  if (isWord(s[i - 1])) return null;
  URL_AT.lastIndex = i;
  const m = URL_AT.exec(s);
  if (!m) return null;
  // Inside a span the URL ends where the span does ("*https://a.com*").
  const text = m[0].slice(0, to - i).replace(TRAILING, "");
  const href = safeHref(text);
  return href && text.length > "https://".length - 1 ? { href, text } : null;
}

/** Where the span opened at `i` by `marker` closes, or -1 (no closing on the same line). */
function closingOf(s: string, i: number, marker: string, width: number, limit: number): number {
  for (let j = i + width + 1; j <= limit - width; j++) {
    const c = s[j];
    if (width === 1 && c === "\n") return -1;
    if (s.startsWith(marker, j) && !isSpace(s[j - 1]) && !isWord(s[j + width])) return j;
  }
  return -1;
}

function parseRange(s: string, from: number, to: number, depth: number): TextNode[] {
  const out: TextNode[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push({ kind: "text", text });
    text = "";
  };
  // A marker with no closing from position p on has none from any later p either (up to the line's end).
  const noCloseBefore: Record<string, number> = {};
  let i = from;
  while (i < to) {
    const link = linkAt(s, i, to);
    if (link) {
      flush();
      out.push({ kind: "link", ...link });
      i += link.text.length;
      continue;
    }
    const c = s[i] as string;
    const opensHere = !isWord(s[i - 1]) || i === from;
    if (opensHere && s.startsWith("```", i) && !isSpace(s[i + 3])) {
      const end = s.indexOf("```", i + 4);
      if (end !== -1 && end + 3 <= to) {
        flush();
        out.push({ kind: "mono", text: s.slice(i + 3, end) });
        i = end + 3;
        continue;
      }
    }
    const kind = MARKERS[c];
    if (kind && opensHere && !isSpace(s[i + 1]) && depth < 8 && i >= (noCloseBefore[c] ?? -1)) {
      const end = closingOf(s, i, c, 1, to);
      if (end !== -1) {
        flush();
        out.push({ kind, children: parseRange(s, i + 1, end, depth + 1) });
        i = end + 1;
        continue;
      }
      const eol = s.indexOf("\n", i);
      noCloseBefore[c] = eol === -1 || eol > to ? to : eol;
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

export function parseFormatting(s: string): TextNode[] {
  return parseRange(s, 0, s.length, 0);
}
