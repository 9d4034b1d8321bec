// The lane settings of a kanban tag (spec 2 §3 Tag: timeLane, nextLaneId, rollbackLaneId, greetingMessageLane),
// shared by the tag modal's kanban variant (/tags) and the lane dialog of /TagsKanban. Next and rollback lanes are
// chosen among the company's other kanban lanes.
import { MAX_TIME_LANE_HOURS } from "@chatflow/core/contract/contacts.ts";
import { useTranslation } from "react-i18next";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";

export type LaneForm = {
  /** Hours as typed. */
  timeLane: string;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
};

export type LaneValues = {
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string | null;
};

export const laneForm = (v: Partial<LaneValues> = {}): LaneForm => ({
  timeLane: String(v.timeLane ?? 0),
  nextLaneId: v.nextLaneId ?? null,
  rollbackLaneId: v.rollbackLaneId ?? null,
  greetingMessageLane: v.greetingMessageLane ?? "",
});

/** The form's values, or null when the hours are not a whole number from 0 to the limit. */
export function laneValues(f: LaneForm): LaneValues | null {
  const hours = f.timeLane.trim() === "" ? 0 : Number(f.timeLane);
  if (!Number.isInteger(hours) || hours < 0 || hours > MAX_TIME_LANE_HOURS) return null;
  const greeting = f.greetingMessageLane.trim();
  return {
    timeLane: hours,
    nextLaneId: f.nextLaneId,
    rollbackLaneId: f.rollbackLaneId,
    greetingMessageLane: greeting === "" ? null : f.greetingMessageLane,
  };
}

const NONE = "none";

export function LaneFields({
  value,
  onChange,
  lanes,
  selfId,
  timeError,
  isDisabled,
}: {
  value: LaneForm;
  onChange: (next: LaneForm) => void;
  /** The company's kanban lanes to choose from. */
  lanes: { id: number; name: string }[];
  /** The lane being edited, left out of the choices. */
  selfId: number | null;
  timeError?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const choices = [
    { id: NONE, name: t("kanban.lane.none") },
    ...lanes.filter((l) => l.id !== selfId).map((l) => ({ id: String(l.id), name: l.name })),
  ];
  const set = <K extends keyof LaneForm>(key: K, v: LaneForm[K]) => onChange({ ...value, [key]: v });
  const laneOf = (k: unknown) => (k === null || k === NONE ? null : Number(k));
  return (
    <>
      <TextField
        label={t("kanban.lane.timeLane")}
        description={t("kanban.lane.timeLaneHelp")}
        type="number"
        inputMode="numeric"
        value={value.timeLane}
        onChange={(v) => set("timeLane", v)}
        errorMessage={timeError}
        isDisabled={isDisabled}
        data-testid="lane-time"
      />
      <Select
        label={t("kanban.lane.nextLane")}
        items={choices}
        value={value.nextLaneId === null ? NONE : String(value.nextLaneId)}
        onChange={(k) => set("nextLaneId", laneOf(k))}
        isDisabled={isDisabled}
        data-testid="lane-next"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t("kanban.lane.rollbackLane")}
        description={t("kanban.lane.rollbackHelp")}
        items={choices}
        value={value.rollbackLaneId === null ? NONE : String(value.rollbackLaneId)}
        onChange={(k) => set("rollbackLaneId", laneOf(k))}
        isDisabled={isDisabled}
        data-testid="lane-rollback"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <TextAreaField
        label={t("kanban.lane.greeting")}
        value={value.greetingMessageLane}
        onChange={(v) => set("greetingMessageLane", v)}
        rows={3}
        isDisabled={isDisabled}
        data-testid="lane-greeting"
      />
    </>
  );
}
