// The quick-message picker's matching: the text starts with '/' and the rest (no space yet)
// is the start of a shortcode. Both lists are offered, the personal one first (spec 2 §6).
import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";

export type QuickMatch = QuickMessage & { personal: boolean };

/** At most this many suggestions are shown. */
export const QUICK_MATCH_LIMIT = 20;

/** The shortcode being typed ('' right after '/'), or null when the picker is not wanted. */
export function quickQuery(text: string): string | null {
  if (!text.startsWith("/")) return null;
  const rest = text.slice(1);
  return /\s/.test(rest) ? null : rest.toLowerCase();
}

export function matchQuickMessages(text: string, general: QuickMessage[], personal: QuickMessage[]): QuickMatch[] {
  const query = quickQuery(text);
  if (query === null) return [];
  const hit = (q: QuickMessage) => q.shortcode.toLowerCase().startsWith(query);
  const byCode = (a: QuickMessage, b: QuickMessage) => a.shortcode.localeCompare(b.shortcode);
  return [
    ...personal
      .filter(hit)
      .sort(byCode)
      .map((q) => ({ ...q, personal: true })),
    ...general
      .filter(hit)
      .sort(byCode)
      .map((q) => ({ ...q, personal: false })),
  ].slice(0, QUICK_MATCH_LIMIT);
}
