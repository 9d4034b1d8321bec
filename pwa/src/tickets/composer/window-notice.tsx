// The 24-hour window in the composer (decision 0053): on a Facebook or Instagram ticket the spec's notice, always;
// on a Cloud API, Facebook or Instagram ticket whose contact has not written in 24 h, why a free-form reply will not
// go out, and on the Cloud API the template picker that may resume the conversation.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { MessageTemplate } from "@chatflow/core/contract/message-templates.ts";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../auth/use-session-user.ts";
import { errorText } from "../../i18n/translate-error.ts";
import { useOnline } from "../../layout/use-online.ts";
import { requestSync } from "../../sync/app-sync.ts";
import { Button } from "../../ui/button.tsx";
import { ClockIcon, InfoIcon } from "../../ui/icons.tsx";
import { showToast } from "../../ui/toasts.ts";
import { useCustomerWindow } from "../customer-window.ts";
import { NoticeLine } from "../notice-line.tsx";
import { dialogStores, useMessageWrites } from "../tickets-data.ts";

const TemplatePickerDialog = lazy(() =>
  import("./template-picker-dialog.tsx").then((m) => ({ default: m.TemplatePickerDialog })),
);

/** The picker for the ticket's connection, writing the chosen template locally and asking for a sync. */
export function TemplatePicker({ ticket, onClose }: { ticket: TicketDTO; onClose: () => void }) {
  const user = useSessionUser();
  const online = useOnline();
  const writes = useMessageWrites();
  if (ticket.whatsappId === null) return null;
  const onSend = async (template: MessageTemplate, headerParams: string[], bodyParams: string[]) => {
    try {
      await writes.sendTemplate({ ticket, template, headerParams, bodyParams, userId: user?.id ?? null });
    } catch (err) {
      showToast(errorText(err));
      throw err;
    }
    requestSync();
  };
  return (
    <Suspense fallback={null}>
      <TemplatePickerDialog
        {...dialogStores}
        online={online}
        whatsappId={ticket.whatsappId}
        onSend={onSend}
        onClose={onClose}
      />
    </Suspense>
  );
}

export function WindowNotice({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const state = useCustomerWindow(ticket);
  const [picking, setPicking] = useState(false);
  if (!state?.bound) return null;
  const meta = state.channel === "facebook" || state.channel === "instagram";
  if (state.open && !meta) return null;
  return (
    <div
      className={state.open ? "composer-window" : "composer-window is-closed"}
      role="status"
      data-testid="window-notice"
      data-open={state.open}
    >
      {meta && (
        <NoticeLine live={false} className="composer-window-text" icon={<InfoIcon size={16} />}>
          {t("templates.facebookNotice")}
        </NoticeLine>
      )}
      {!state.open && (
        <NoticeLine
          live={false}
          className="composer-window-text"
          icon={<ClockIcon size={16} />}
          data-testid="window-closed"
          actions={
            state.channel === "whatsappapi" && (
              <Button variant="primary" onPress={() => setPicking(true)} data-testid="window-pick-template">
                {t("templates.pick")}
              </Button>
            )
          }
        >
          {t(meta ? "templates.windowClosedMeta" : "templates.windowClosed")}
        </NoticeLine>
      )}
      {picking && <TemplatePicker ticket={ticket} onClose={() => setPicking(false)} />}
    </div>
  );
}
