// The poll dialog (decisions 0062, 0067, 0074): a question, 2 to 12 options (added and removed here, none empty, none
// repeated) and how many answers each person may pick, 1 to the number of options (Baileys' selectableCount). The form
// is checked with core's own schema, so it refuses what core refuses; a preview shows the poll as the conversation
// will. Sending only writes locally (send-poll.ts); the outbox takes it to core, now or when the network is back.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, pollCreation } from "@chatflow/core/contract/message-polls.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, validationText } from "../../i18n/form-errors.ts";
import { Button, IconButton } from "../../ui/button.tsx";
import { TextField } from "../../ui/fields.tsx";
import { PlusIcon, TrashIcon } from "../../ui/icons.tsx";
import { Select, SelectItem } from "../../ui/select.tsx";
import { PollMessage } from "../message-view/structured-messages.tsx";
import { type ParsedPoll, parsePoll } from "../send-poll.ts";
import { ComposerPreviewDialog } from "./composer-preview-dialog.tsx";
import "./composer-dialogs.css";

/** Core's messages on the option list as a whole, shown through this dialog's texts. */
const LIST_MESSAGES: Record<string, string> = {
  "Too Short!": "composerDialogs.poll.tooFew",
  "Too Long!": "composerDialogs.poll.tooMany",
};

type Option = { key: number; text: string };

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

export type SendPollDialogProps = {
  online: boolean;
  /** Writes the poll locally; a throw keeps the dialog open. */
  onSend: (poll: ParsedPoll) => Promise<void>;
  onClose: () => void;
};

export function SendPollDialog({ online, onSend, onClose }: SendPollDialogProps) {
  const { t } = useTranslation();
  const nextKey = useRef(POLL_OPTIONS_MIN);
  const [name, setName] = useState("");
  const [options, setOptions] = useState<Option[]>(() =>
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
  const repeated = repeatedOptions(texts);
  const counts = Array.from({ length: options.length }, (_, i) => ({ id: i + 1 }));
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

  // The poll as the conversation draws it (no votes yet, so no counts).
  const shown = texts.map((o) => o.trim()).filter(Boolean);
  const preview =
    name.trim() || shown.length
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

  return (
    <ComposerPreviewDialog
      title={t("composerDialogs.sendPoll")}
      testId="send-poll"
      online={online}
      onClose={onClose}
      onSubmit={submit}
      bodyRef={body}
      preview={
        <div data-testid="send-poll-preview">
          {preview && <PollMessage message={preview} />}
          <p className="field-description">
            {selectableCount === 1
              ? t("composerDialogs.poll.single")
              : t("composerDialogs.poll.upTo", { count: selectableCount })}
          </p>
        </div>
      }
    >
      <TextField
        label={t("composerDialogs.poll.question")}
        placeholder={t("composerDialogs.poll.questionPlaceholder")}
        value={name}
        onChange={(v) => {
          setName(v);
          if (errors.name) setErrors(({ name: _, ...rest }) => rest);
        }}
        errorMessage={errors.name}
        maxLength={255}
        isRequired
        autoFocus
        data-testid="send-poll-question"
      />
      <fieldset className="composer-list-section" aria-describedby="send-poll-options-hint">
        <legend>{t("composerDialogs.poll.options")}</legend>
        <p className="field-description" id="send-poll-options-hint">
          {t("composerDialogs.poll.hint")}
        </p>
        {errors.options && (
          <p className="field-error" role="alert" data-testid="send-poll-options-error">
            {errors.options}
          </p>
        )}
        {options.map((o, i) => (
          <div key={o.key} className="composer-list-row" data-option-key={o.key}>
            <TextField
              label={t("composerDialogs.poll.option", { n: i + 1 })}
              value={o.text}
              onChange={(text) => setOption(o.key, text)}
              errorMessage={
                errors[`options.${i}`] ?? (repeated.has(i) ? t("composerDialogs.poll.duplicate") : undefined)
              }
              maxLength={100}
              isRequired
              data-testid="send-poll-option"
            />
            <IconButton
              label={t("composerDialogs.poll.removeOption", { n: i + 1 })}
              onPress={() => removeOption(o.key)}
              isDisabled={options.length <= POLL_OPTIONS_MIN}
              data-testid="send-poll-remove-option"
            >
              <TrashIcon />
            </IconButton>
          </div>
        ))}
        <Button
          size="small"
          icon={<PlusIcon />}
          onPress={addOption}
          isDisabled={options.length >= POLL_OPTIONS_MAX}
          data-testid="send-poll-add-option"
        >
          {t("composerDialogs.poll.addOption")}
        </Button>
      </fieldset>
      <Select
        label={t("composerDialogs.poll.selectable")}
        items={counts}
        value={selectableCount}
        onChange={(key) => key !== null && setSelectableCount(Number(key))}
        data-testid="send-poll-selectable"
      >
        {(c) => <SelectItem id={c.id}>{String(c.id)}</SelectItem>}
      </Select>
    </ComposerPreviewDialog>
  );
}
