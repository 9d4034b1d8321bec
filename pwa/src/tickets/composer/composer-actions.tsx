// The composer's actions menu, its '+' (spec 1 §2 "Message input": send contact, interactive-message
// dialog; a poll on WhatsApp by QR code, decision 0067) and the dialogs it opens. Where the composer is narrow
// (a phone, decision 0088) the tools that sit in the row on a desk fold into it too: emoji, attach, camera,
// quick message, schedule. Reached by keyboard like any kit menu (Enter/Space opens, arrows move, Enter picks,
// Escape closes); the dialogs load on first use.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../auth/use-session-user.ts";
import { errorText } from "../../i18n/translate-error.ts";
import { useOnline } from "../../layout/use-online.ts";
import { useSchedulesEnabled } from "../../schedules/schedule-button.tsx";
import { requestSync } from "../../sync/app-sync.ts";
import { IconButton } from "../../ui/button.tsx";
import { Modal } from "../../ui/dialog.tsx";
import {
  BoltIcon,
  CalendarIcon,
  CameraIcon,
  ContactsIcon,
  ListIcon,
  MessagesIcon,
  PaperclipIcon,
  PlusIcon,
  PollIcon,
  SmileIcon,
} from "../../ui/icons.tsx";
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from "../../ui/menu.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { showToast } from "../../ui/toasts.ts";
import { sendsPolls } from "../send-poll.ts";
import { dialogStores, useMessageWrites } from "../tickets-data.ts";
import type { ContactOption } from "./contact-search.ts";
import { TemplatePicker } from "./window-notice.tsx";

const SendContactDialog = lazy(() =>
  import("./send-contact-dialog.tsx").then((m) => ({ default: m.SendContactDialog })),
);
const SendPollDialog = lazy(() => import("./send-poll-dialog.tsx").then((m) => ({ default: m.SendPollDialog })));
const EmojiPicker = lazy(() => import("./emoji-picker.tsx"));
const ScheduleDialog = lazy(() =>
  import("../../schedules/schedule-dialog.tsx").then((m) => ({ default: m.ScheduleDialog })),
);
const InteractiveMessageDialog = lazy(() =>
  import("./interactive-message-dialog.tsx").then((m) => ({ default: m.InteractiveMessageDialog })),
);

type Open = "contact" | "interactive" | "poll" | "template" | "emoji" | "schedule" | null;

/** What the row's own buttons do, handed to the menu when they fold into it. */
export type FoldedTools = {
  onEmoji: (emoji: string) => void;
  onFiles: (files: File[]) => void;
  onCamera: () => void;
  /** Starts a quick message: '/' in the text box, which opens the picker. */
  onQuickMessage: () => void;
};

export function ComposerActions({
  ticket,
  isPrivate,
  quotedMsgId,
  onSent,
  folded,
}: {
  ticket: TicketDTO;
  /** The composer writes a private note: a contact card goes as one; an interactive message cannot. */
  isPrivate: boolean;
  quotedMsgId: string | null;
  /** A send was written locally (the composer drops its quoted reply). */
  onSent: () => void;
  /** The row's tools, when they fold into this menu (a narrow composer). */
  folded?: FoldedTools;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const writes = useMessageWrites();
  const schedules = useSchedulesEnabled();
  const fileInput = useRef<HTMLInputElement>(null);

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
          onAction={(key) => {
            // A file picker opens from the tap that chose the entry (it still counts as the person's gesture).
            if (key === "attach") return fileInput.current?.click();
            if (key === "camera") return folded?.onCamera();
            if (key === "quick") return folded?.onQuickMessage();
            setOpen(key as Open);
          }}
          disabledKeys={isPrivate ? ["interactive", "poll", "template"] : []}
        >
          {folded && (
            <>
              <MenuItem id="attach" icon={<PaperclipIcon size={18} />} data-testid="message-attach">
                {t("messages.attach")}
              </MenuItem>
              <MenuItem id="camera" icon={<CameraIcon size={18} />} data-testid="camera-button">
                {t("composer.camera")}
              </MenuItem>
              <MenuItem id="emoji" icon={<SmileIcon size={18} />} data-testid="emoji-button">
                {t("composer.emoji")}
              </MenuItem>
              <MenuItem id="quick" icon={<BoltIcon size={18} />} data-testid="action-quick-message">
                {t("conversationLayout.quickMessage")}
              </MenuItem>
              {schedules && (
                <MenuItem id="schedule" icon={<CalendarIcon size={18} />} data-testid="schedule-button">
                  {t("schedules.action")}
                </MenuItem>
              )}
              <MenuSeparator />
            </>
          )}
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
      {folded && (
        // The attach entry's picker (the row's FileTrigger does the same on a desk).
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) folded.onFiles(files);
          }}
          data-testid="message-attach-input"
        />
      )}
      {folded && open === "emoji" && (
        <Modal isOpen onOpenChange={(isOpen) => !isOpen && close()} title={t("composer.emoji")} size="small">
          <Suspense fallback={<Spinner />}>
            <EmojiPicker
              onPick={(emoji) => {
                folded.onEmoji(emoji);
                close();
              }}
            />
          </Suspense>
        </Modal>
      )}
      <Suspense fallback={null}>
        {open === "schedule" && <ScheduleDialog contactId={ticket.contactId} onClose={close} />}
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
