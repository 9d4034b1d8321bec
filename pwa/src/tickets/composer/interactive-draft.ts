// The interactive-message dialog's form state and how it becomes the push's message
// (send-interactive.ts parses it with core's schema). Kept apart from the dialog so the
// mapping is tested without a DOM.
import { normalizePixPhone, type PIX_KEY_TYPES } from "@chatflow/core/contract/messages.ts";
import type { InteractiveInput, InteractiveKind } from "../send-interactive.ts";

export const INTERACTIVE_KINDS: readonly InteractiveKind[] = ["list", "url", "copy", "call", "pix"];

export type RowDraft = { key: string; title: string; description: string };
export type SectionDraft = { key: string; title: string; rows: RowDraft[] };
export type ListDraft = { title: string; text: string; buttonText: string; footer: string; sections: SectionDraft[] };
/** URL, copy-code and call-me share their fields; copyText is the link, the code or the number. */
export type ButtonDraft = { title: string; description: string; buttonText: string; copyText: string };
export type PixDraft = {
  title: string;
  sendvalue: string;
  sendkey_type: (typeof PIX_KEY_TYPES)[number];
  sendmerchant_name: string;
  sendKey: string;
};
export type InteractiveDraft = { kind: InteractiveKind; list: ListDraft; button: ButtonDraft; pix: PixDraft };

let nextKey = 0;
const key = () => `k${++nextKey}`;

export const emptyRow = (): RowDraft => ({ key: key(), title: "", description: "" });
export const emptySection = (): SectionDraft => ({ key: key(), title: "", rows: [emptyRow()] });

export function emptyDraft(): InteractiveDraft {
  return {
    kind: "list",
    list: { title: "", text: "", buttonText: "", footer: "", sections: [emptySection()] },
    button: { title: "", description: "", buttonText: "", copyText: "" },
    pix: { title: "", sendvalue: "", sendkey_type: "PHONE", sendmerchant_name: "", sendKey: "" },
  };
}

/** The draft of the chosen kind as the push's message; rows are numbered 1, 2, ... across sections. */
export function draftToInput(draft: InteractiveDraft): InteractiveInput {
  switch (draft.kind) {
    case "list": {
      const { sections, buttonText, ...rest } = draft.list;
      let rowId = 0;
      return {
        type: "list",
        request: {
          ...rest,
          // An empty label takes core's default ('Clique aqui').
          ...(buttonText.trim() ? { buttonText } : {}),
          sections: sections.map((s) => ({
            title: s.title,
            rows: s.rows.map((r) => ({
              title: r.title,
              rowId: String(++rowId),
              ...(r.description.trim() ? { description: r.description } : {}),
            })),
          })),
        },
      };
    }
    case "url":
    case "copy":
    case "call":
      return { type: draft.kind, request: { ...draft.button } };
    case "pix":
      return { type: "pix", request: { ...draft.pix } };
  }
}

/** The PIX key as it will go: a phone key with +55 when it has no country code (spec 1 §5). */
export function pixKeyShown(pix: PixDraft): string {
  return pix.sendkey_type === "PHONE" && pix.sendKey.trim() ? normalizePixPhone(pix.sendKey) : pix.sendKey.trim();
}
