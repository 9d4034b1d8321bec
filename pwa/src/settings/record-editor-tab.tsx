// The frame of the super user's list-and-form tabs (Plans, Helps): the form, in new mode or in edit mode once a
// record is picked, with clear, delete and save; below it the records, each one picked into the form on press.
// The tab gives its fields and how a record reads as a row; useRecordEditor gives the rest.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import type { RecordEditor } from "./use-record-editor.ts";

export function RecordEditorTab<R extends { id: number }, F extends { id: number | null }>({
  name,
  testId,
  editor,
  row,
  children,
}: {
  /** The tab's texts (`settingsPage.{name}.new`, `.edit`, `.empty`, `.listLabel`) and its `settings-{name}` id. */
  name: "plans" | "helps";
  /** Names the buttons and rows `{testId}-clear`, `-delete`, `-save`, `-row` for tests. */
  testId: string;
  editor: RecordEditor<R, F>;
  row: (record: R) => { title: string; subtitle: string };
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { records, form, busy, isDisabled, clear, pick, save, remove } = editor;
  return (
    <div className={`settings-${name}`} data-testid={`settings-${name}`}>
      <form
        className="settings-plan-form"
        aria-label={form.id === null ? t(`settingsPage.${name}.new`) : t(`settingsPage.${name}.edit`)}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {children}
        <div className="settings-actions">
          <Button onPress={clear} isDisabled={busy} data-testid={`${testId}-clear`}>
            {t("settingsPage.plans.clear")}
          </Button>
          {form.id !== null && (
            <Button
              variant="danger"
              onPress={() => void remove()}
              isDisabled={isDisabled}
              data-testid={`${testId}-delete`}
            >
              {t("settingsPage.plans.delete")}
            </Button>
          )}
          <Button variant="primary" type="submit" isDisabled={isDisabled} data-testid={`${testId}-save`}>
            {busy ? t("settingsPage.updating") : t("settingsPage.save")}
          </Button>
        </div>
      </form>
      {records.length === 0 && <p className="settings-intro">{t(`settingsPage.${name}.empty`)}</p>}
      <List className="settings-plan-list" label={t(`settingsPage.${name}.listLabel`)}>
        {records.map((r) => (
          <ListItem key={r.id} {...row(r)} onAction={() => pick(r)} data-testid={`${testId}-row`} />
        ))}
      </List>
    </div>
  );
}
