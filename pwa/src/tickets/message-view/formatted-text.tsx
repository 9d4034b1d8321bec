// Renders parseFormatting's tree as React elements (text nodes only: no HTML from user text).
import { Fragment, type ReactNode, useMemo } from "react";
import { parseFormatting, type TextNode } from "./format-text.ts";

function element(n: TextNode, key: string): ReactNode {
  switch (n.kind) {
    case "text":
      return <Fragment key={key}>{n.text}</Fragment>;
    case "bold":
      return <strong key={key}>{render(n.children, key)}</strong>;
    case "italic":
      return <em key={key}>{render(n.children, key)}</em>;
    case "strike":
      return <s key={key}>{render(n.children, key)}</s>;
    case "mono":
      return <code key={key}>{n.text}</code>;
    case "link":
      return (
        <a key={key} href={n.href} target="_blank" rel="noopener noreferrer">
          {n.text}
        </a>
      );
  }
}

/** The tree is rebuilt whole from the text: a node's path in it is its identity. */
function render(nodes: TextNode[], path = ""): ReactNode[] {
  const out: ReactNode[] = [];
  let position = 0;
  for (const n of nodes) out.push(element(n, `${path}.${position++}`));
  return out;
}

export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => render(parseFormatting(text)), [text]);
  return <>{nodes}</>;
}
