// Renders parseFormatting's tree as React elements (text nodes only: no HTML from user text).
import { Fragment, type ReactNode, useMemo } from "react";
import { parseFormatting, type TextNode } from "./format-text.ts";

function render(nodes: TextNode[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case "text":
        return <Fragment key={i}>{n.text}</Fragment>;
      case "bold":
        return <strong key={i}>{render(n.children)}</strong>;
      case "italic":
        return <em key={i}>{render(n.children)}</em>;
      case "strike":
        return <s key={i}>{render(n.children)}</s>;
      case "mono":
        return <code key={i}>{n.text}</code>;
      case "link":
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
            {n.text}
          </a>
        );
    }
  });
}

export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => render(parseFormatting(text)), [text]);
  return <>{nodes}</>;
}
