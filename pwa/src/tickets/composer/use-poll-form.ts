// The poll dialog's form state: the question, the options (each with a stable key, so a
// removed option takes its field and focus with it), how many answers one may pick, and the
// errors of core's own schema (parsePoll) shown in this dialog's words.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { POLL_OPTIONS_MIN, pollCreation } from "@chatflow/core/contract/message-polls.ts";
import { useEffect, useRef, useState } from "react";
import { fieldErrors, validationText } from "../../i18n/form-errors.ts";
import { type ParsedPoll, parsePoll } from "../send-poll.ts";

/** Core's messages on the option list as a whole, shown through this dialog's texts. */
const LIST_MESSAGES: Record<string, string> = {
  "Too Short!": "composerDialogs.poll.tooFew",
  "Too Long!": "composerDialogs.poll.tooMany",
};

export type PollOption = { key: number; text: string };

/** Indexes of the options that repeat an earlier one (compared as core compares them: trimmed). */
export function repeatedOptions(options: string[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  options.forEach((o, i) => {
    const v = o.trim();
    if (v && seen.has(v)) out.add(i);
    seen.add(v);
  });
  return out;
}

/** The poll as the conversation draws it (no votes yet, so no counts); null while nothing is typed. */
function pollPreview(name: string, texts: string[], selectableCount: number): MessageDTO | null {
  const shown = texts.map((o) => o.trim()).filter(Boolean);
  return name.trim() || shown.length
    ? ({
        id: "poll-preview",
        body: name.trim(),
        mediaType: "pollCreationMessageV3",
        dataJson: {
          pollCreationMessageV3: pollCreation({
            name: name.trim(),
            options: shown,
            selectableCount,
          }),
        },
      } as unknown as MessageDTO)
    : null;
}

export function usePollForm(onSend: (poll: ParsedPoll) => Promise<void>) {
  const nextKey = useRef(POLL_OPTIONS_MIN);
  const [name, setName] = useState("");
  const [options, setOptions] = useState<PollOption[]>(() =>
    Array.from({ length: POLL_OPTIONS_MIN }, (_, key) => ({ key, text: "" })),
  );
  const [selectableCount, setSelectableCount] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const body = useRef<HTMLDivElement>(null);

  // An added option takes the keyboard, so a list is typed without reaching for the mouse.
  useEffect(() => {
    if (focusKey === null) return;
    body.current?.querySelector<HTMLInputElement>(`[data-option-key='${focusKey}'] input`)?.focus();
  }, [focusKey]);

  const texts = options.map((o) => o.text);
  const changeName = (v: string) => {
    setName(v);
    if (errors.name) setErrors(({ name: _, ...rest }) => rest);
  };
  const setOption = (key: number, text: string) => {
    setOptions((list) => list.map((o) => (o.key === key ? { ...o, text } : o)));
    setErrors((e) => (Object.keys(e).length ? {} : e));
  };
  const addOption = () => {
    const key = nextKey.current++;
    setOptions((list) => [...list, { key, text: "" }]);
    setFocusKey(key);
  };
  const removeOption = (key: number) => {
    const at = options.findIndex((o) => o.key === key);
    const rest = options.filter((o) => o.key !== key);
    setOptions(rest);
    setErrors({});
    // A person cannot be asked to pick more answers than the poll offers: the choice goes down with the options.
    setSelectableCount((n) => Math.min(n, rest.length));
    // The keyboard stays in the list: on the option that took the removed one's place.
    setFocusKey(rest[Math.min(at, rest.length - 1)]?.key ?? null);
  };

  function submit() {
    const parsed = parsePoll({ name, options: texts, selectableCount });
    if (!parsed.ok) {
      const found = fieldErrors(parsed.error);
      // The list's own messages (too few, too many) say so in this dialog's words; a repeat is already said on the
      // option that repeats (and the keyboard goes there).
      const list = parsed.error.issues.find((i) => i.path.length === 1 && i.path[0] === "options");
      if (list && list.message !== "Options must differ") found.options = validationText(list.message, LIST_MESSAGES);
      else delete found.options;
      setErrors(found);
      return;
    }
    setErrors({});
    return onSend(parsed.poll);
  }

  return {
    body,
    name,
    changeName,
    options,
    repeated: repeatedOptions(texts),
    setOption,
    addOption,
    removeOption,
    selectableCount,
    setSelectableCount,
    errors,
    preview: pollPreview(name, texts, selectableCount),
    submit,
  };
}
