// A message as one line of plain text for a preview (the ticket list, /moments): WhatsApp's formatting
// (*bold*, _italic_, ~strike~, ```mono```) is taken off, never shown raw (issue 21), and line breaks become spaces.
import { parseFormatting, type TextNode } from "./message-view/format-text.ts";

function plain(nodes: TextNode[]): string {
  return nodes.map((n) => ("children" in n ? plain(n.children) : n.text)).join("");
}

export function previewText(body: string | null | undefined): string {
  if (!body) return "";
  return plain(parseFormatting(body)).replace(/\s+/g, " ").trim();
}
