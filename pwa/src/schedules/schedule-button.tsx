// 'Agendar mensagem': the entry to the schedule dialog from a ticket's message input and from the contact drawer
// (spec 1 §2). Shown only when the company's plan has useSchedules; the dialog loads on first use.
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { planAllows } from "../layout/app-routes.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { CalendarIcon } from "../ui/icons.tsx";

const ScheduleDialog = lazy(() => import("./schedule-dialog.tsx").then((m) => ({ default: m.ScheduleDialog })));

/** The plan lets this company schedule messages. */
export function useSchedulesEnabled(): boolean {
  const user = useSessionUser();
  return user !== null && planAllows(user, "useSchedules");
}

export function ScheduleButton({
  contactId,
  look,
  onSaved,
}: {
  contactId: number;
  /** An icon among the composer's, or a labelled button (the drawer). */
  look: "icon" | "button";
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const enabled = useSchedulesEnabled();
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  return (
    <>
      {look === "icon" ? (
        <IconButton label={t("schedules.action")} onPress={() => setOpen(true)} data-testid="schedule-button">
          <CalendarIcon />
        </IconButton>
      ) : (
        <Button
          size="small"
          icon={<CalendarIcon size={16} />}
          onPress={() => setOpen(true)}
          data-testid="contact-schedule"
        >
          {t("schedules.action")}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ScheduleDialog contactId={contactId} onClose={() => setOpen(false)} onSaved={onSaved} />
        </Suspense>
      )}
    </>
  );
}
