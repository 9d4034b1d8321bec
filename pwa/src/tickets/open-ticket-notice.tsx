// The open-ticket notice (spec 1 §2 Dialogs, §4): when the server refuses an accept, a reopen or
// a transfer because the contact's ticket is held by someone, this names the user and the queue
// holding it, wherever the person is when the refusal arrives (after a reconnect, say).
import { useAtom } from "jotai";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { holderNoticeAtom } from "../sync/refusals.ts";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { holderText } from "./holder-text.ts";
import { useTicketHeld } from "./tickets-data.ts";

export function OpenTicketNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notice, setNotice] = useAtom(holderNoticeAtom);
  const uuid = notice?.holder.uuid ?? "";
  // The holder's ticket can be opened only when this replica holds it (the person may see it).
  const held = useTicketHeld(uuid);
  if (!notice) return null;
  const close = () => setNotice(null);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) close();
      }}
      size="small"
      role="alertdialog"
      title={t("ticketActions.notice.title")}
      data-testid="open-ticket-notice"
      actions={
        <>
          {held && (
            <Button
              onPress={() => {
                close();
                navigate(`/tickets/${uuid}`);
              }}
              data-testid="open-ticket-notice-open"
            >
              {t("ticketActions.notice.open")}
            </Button>
          )}
          <Button variant="primary" autoFocus onPress={close} data-testid="open-ticket-notice-close">
            {t("ui.close")}
          </Button>
        </>
      }
    >
      <p className="dialog-message" data-testid="open-ticket-notice-text">
        {holderText(t, notice.holder)}
      </p>
    </Modal>
  );
}
