// A lane's settings on /TagsKanban (decision 0047): the time a ticket may stay, the lanes it goes on to or back to,
// and the greeting; the form starts from the tag's stored values under what the board document already changed.
import type { TagDTO } from "@chatflow/core/contract/contacts.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../ui/form-modal.tsx";
import type { Lane } from "./board.ts";
import { LaneFields, type LaneForm, laneValues } from "./lane-fields.tsx";

/** The lane settings stored on the tag, what the form starts from under the board document's own changes. */
export const pickLane = (tag: TagDTO | undefined) =>
  tag
    ? {
        timeLane: tag.timeLane ?? 0,
        nextLaneId: tag.nextLaneId ?? null,
        rollbackLaneId: tag.rollbackLaneId ?? null,
        greetingMessageLane: tag.greetingMessageLane ?? null,
      }
    : {};

export function LaneDialog({
  lane,
  lanes,
  initial,
  onClose,
  onSave,
}: {
  lane: Lane;
  lanes: Lane[];
  initial: LaneForm;
  onClose: () => void;
  onSave: (v: NonNullable<ReturnType<typeof laneValues>>) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [timeError, setTimeError] = useState<string | undefined>();
  function save() {
    const v = laneValues(form);
    if (!v) {
      setTimeError(t("kanban.lane.invalidTime"));
      return;
    }
    onSave(v);
    onClose();
  }
  return (
    <FormModal
      title={t("kanban.lane.title", { name: lane.name })}
      size="small"
      onClose={onClose}
      onSubmit={save}
      saving={false}
      cancelLabel={t("kanban.lane.cancel")}
      saveLabel={t("kanban.lane.save")}
      data-testid="lane-dialog"
      save-testid="lane-save"
    >
      <div className="lane-form">
        <LaneFields value={form} onChange={setForm} lanes={lanes} selfId={lane.id} timeError={timeError} />
      </div>
    </FormModal>
  );
}
