// The composer's actions menu (spec 1 §2 "Message input": send contact, interactive-message
// dialog; a poll on WhatsApp by QR code, decision 0067) and the dialogs it opens. Reached by keyboard like any kit menu (Enter/Space opens,
// arrows move, Enter picks, Escape closes); the dialogs load on first use.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../auth/use-session-user.ts";
import { errorText } from "../../i18n/translate-error.ts";
import { useOnline } from "../../layout/use-online.ts";
import { requestSync } from "../../sync/app-sync.ts";
import { IconButton } from "../../ui/button.tsx";
import { ContactsIcon, ListIcon, MessagesIcon, PlusIcon, PollIcon } from "../../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../../ui/menu.tsx";
import { showToast } from "../../ui/toasts.ts";
import { sendsPolls } from "../send-poll.ts";
import { dialogStores, useMessageWrites } from "../tickets-data.ts";
import type { ContactOption } from "./contact-search.ts";
import { TemplatePicker } from "./window-notice.tsx";

const SendContactDialog = lazy(() =>
  import("./send-contact-dialog.tsx").then((m) => ({ default: m.SendContactDialog })),
);
const SendPollDialog = lazy(() => import("./send-poll-dialog.tsx").then((m) => ({ default: m.SendPollDialog })));
const InteractiveMessageDialog = lazy(() =>
  import("./interactive-message-dialog.tsx").then((m) => ({ default: m.InteractiveMessageDialog })),
);

type Open = "contact" | "interactive" | "poll" | "template" | null;

export function ComposerActions({
  ticket,
  isPrivate,
  quotedMsgId,
  onSent,
}: {
  ticket: TicketDTO;
  /** The composer writes a private note: a contact card goes as one; an interactive message cannot. */
  isPrivate: boolean;
  quotedMsgId: string | null;
  /** A send was written locally (the composer drops its quoted reply). */
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const writes = useMessageWrites();

  // A refusal to write locally keeps the dialog open with what was typed, and says why.
  const written = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (err) {
      showToast(errorText(err));
      throw err;
    }
    onSent();
    requestSync();
  };
  const userId = user?.id ?? null;
  const onContact = (contact: ContactOption) =>
    written(() => writes.sendContact({ ticket, contact, userId, isPrivate, quotedMsgId }));

  return (
    <>
      <MenuTrigger>
        <IconButton label={t("composerDialogs.actions")} data-testid="composer-actions">
          <PlusIcon />
        </IconButton>
        <Menu
          label={t("composerDialogs.actions")}
          placement="top start"
          onAction={(key) => setOpen(key as Open)}
          disabledKeys={isPrivate ? ["interactive", "poll", "template"] : []}
        >
          <MenuItem id="contact" icon={<ContactsIcon size={18} />} data-testid="action-send-contact">
            {t("composerDialogs.sendContact")}
          </MenuItem>
          <MenuItem id="interactive" icon={<ListIcon size={18} />} data-testid="action-interactive">
            {t("composerDialogs.interactive")}
          </MenuItem>
          {sendsPolls(ticket.channel) && (
            <MenuItem id="poll" icon={<PollIcon size={18} />} data-testid="action-send-poll">
              {t("composerDialogs.sendPoll")}
            </MenuItem>
          )}
          {ticket.channel === "whatsappapi" && (
            <MenuItem id="template" icon={<MessagesIcon size={18} />} data-testid="action-template">
              {t("templates.pick")}
            </MenuItem>
          )}
        </Menu>
      </MenuTrigger>
      <Suspense fallback={null}>
        {open === "contact" && (
          <SendContactDialog {...dialogStores} online={online} onSend={onContact} onClose={close} />
        )}
        {open === "poll" && (
          <SendPollDialog
            online={online}
            onSend={(poll) => written(() => writes.sendPoll({ ticket, poll, userId }))}
            onClose={close}
          />
        )}
        {open === "template" && <TemplatePicker ticket={ticket} onClose={close} />}
        {open === "interactive" && (
          <InteractiveMessageDialog
            online={online}
            onSend={(message, image) => written(() => writes.sendInteractive({ ticket, message, userId, image }))}
            onClose={close}
          />
        )}
      </Suspense>
    </>
  );
}
