// The search's message section (issue 21, decision 0089): what GET /messages-search found, shown as messages, and
// opening a conversation at a match (the message fetched into the replica when it is older than what it holds).
// Pure helpers here; the hooks are in message-search-data.ts.

/** Words of the search as the server matches them: letters and digits, each the start of a word. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export type SnippetPart = { text: string; match: boolean };

/**
 * The message's text as one line around its first match, with the matched words marked: at most `max` characters,
 * an ellipsis where it was cut. WhatsApp formatting is already taken off by the caller (previewText).
 */
export function snippet(text: string, search: string, max = 90): SnippetPart[] {
  const words = searchWords(search);
  if (words.length === 0) return [{ text: text.slice(0, max), match: false }];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})[\\p{L}\\p{N}]*`, "giu");
  const first = text.search(re);
  const start = first > 30 ? first - 30 : 0;
  const cut = text.slice(start, start + max);
  const parts: SnippetPart[] = [];
  if (start > 0) parts.push({ text: "…", match: false });
  let at = 0;
  for (const m of cut.matchAll(re)) {
    if (m.index > at) parts.push({ text: cut.slice(at, m.index), match: false });
    parts.push({ text: m[0], match: true });
    at = m.index + m[0].length;
  }
  if (at < cut.length) parts.push({ text: cut.slice(at), match: false });
  if (start + max < text.length) parts.push({ text: "…", match: false });
  return parts;
}

/** The address that opens a conversation at one of its messages. */
export const matchHref = (ticketUuid: string, messageId: string) =>
  `/tickets/${ticketUuid}?message=${encodeURIComponent(messageId)}`;
