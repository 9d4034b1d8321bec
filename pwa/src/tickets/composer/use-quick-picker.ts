// The quick-message picker on '/' (spec 2 §3): the matches for what is typed, the one the arrow
// keys have chosen, and the keys it takes from the text box (the combobox pattern).
import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import { type KeyboardEvent, useCallback, useId, useState } from "react";
import { matchQuickMessages, quickQuery } from "./quick-match.ts";

export function useQuickPicker(text: string, enabled: boolean) {
  const [lists, setLists] = useState<{ general: QuickMessage[]; personal: QuickMessage[] }>({
    general: [],
    personal: [],
  });
  const [active, setActive] = useState(0);
  const listboxId = useId();

  const wanted = quickQuery(text) !== null && enabled;
  const matches = wanted ? matchQuickMessages(text, lists.general, lists.personal) : [];
  const open = matches.length > 0;
  const onLists = useCallback(
    (general: QuickMessage[], personal: QuickMessage[]) => setLists({ general, personal }),
    [],
  );

  /** Arrows move the choice, Enter or Tab picks it, Escape clears; true when the key was the picker's. */
  const onKey = (
    event: KeyboardEvent<HTMLTextAreaElement>,
    pick: (index: number) => void,
    clear: () => void,
  ): boolean => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(active);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      clear();
      return true;
    }
    return false;
  };

  return { wanted, matches, open, active, setActive, listboxId, onLists, onKey };
}
