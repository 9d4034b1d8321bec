// A contact card as WhatsApp sends and shows it (vCard 3.0, waid = the number).
import type { TVCard } from "../contract/messages.ts";

/** vCard text values escape backslash, comma, semicolon and line breaks (RFC 6350 §3.4). */
const escapeText = (s: string) => s.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");

export function buildVCard(card: Pick<TVCard, "name" | "number">): string {
  const name = escapeText(card.name);
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `N:;${name};;;`,
    `FN:${name}`,
    `TEL;type=CELL;waid=${card.number}:+${card.number}`,
    "END:VCARD",
  ].join("\n");
}
