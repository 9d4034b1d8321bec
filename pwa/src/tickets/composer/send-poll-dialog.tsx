// The poll dialog (decisions 0062, 0067, 0074): a question, 2 to 12 options (added and removed here, none empty, none
// repeated) and how many answers each person may pick, 1 to the number of options (Baileys' selectableCount). The form
// is checked with core's own schema, so it refuses what core refuses; a preview shows the poll as the conversation
// will. Sending only writes locally (send-poll.ts); the outbox takes it to core, now or when the network is back.
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/fields.tsx";
import { Select, SelectItem } from "../../ui/select.tsx";
import { PollMessage } from "../message-view/structured-messages.tsx";
import type { ParsedPoll } from "../send-poll.ts";
import { ComposerPreviewDialog } from "./composer-preview-dialog.tsx";
import { PollOptionsFieldset } from "./poll-options-fieldset.tsx";
import { usePollForm } from "./use-poll-form.ts";
import "./composer-dialogs.css";

export { repeatedOptions } from "./use-poll-form.ts";

export type SendPollDialogProps = {
  online: boolean;
  /** Writes the poll locally; a throw keeps the dialog open. */
  onSend: (poll: ParsedPoll) => Promise<void>;
  onClose: () => void;
};

export function SendPollDialog({ online, onSend, onClose }: SendPollDialogProps) {
  const { t } = useTranslation();
  const form = usePollForm(onSend);
  const { selectableCount, errors } = form;
  const counts = Array.from({ length: form.options.length }, (_, i) => ({ id: i + 1 }));

  return (
    <ComposerPreviewDialog
      title={t("composerDialogs.sendPoll")}
      testId="send-poll"
      online={online}
      onClose={onClose}
      onSubmit={form.submit}
      bodyRef={form.body}
      preview={
        <div data-testid="send-poll-preview">
          {form.preview && <PollMessage message={form.preview} />}
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
        value={form.name}
        onChange={form.changeName}
        errorMessage={errors.name}
        maxLength={255}
        isRequired
        autoFocus
        data-testid="send-poll-question"
      />
      <PollOptionsFieldset
        options={form.options}
        repeated={form.repeated}
        errors={errors}
        onChange={form.setOption}
        onRemove={form.removeOption}
        onAdd={form.addOption}
      />
      <Select
        label={t("composerDialogs.poll.selectable")}
        items={counts}
        value={selectableCount}
        onChange={(key) => key !== null && form.setSelectableCount(Number(key))}
        data-testid="send-poll-selectable"
      >
        {(c) => <SelectItem id={c.id}>{String(c.id)}</SelectItem>}
      </Select>
    </ComposerPreviewDialog>
  );
}
