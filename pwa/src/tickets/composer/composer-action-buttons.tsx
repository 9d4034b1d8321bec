// The composer's action buttons before the text box: the actions menu, emoji, attach, camera and
// schedule. Each only hands what it produced back to the composer (an emoji, files, the camera).
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { lazy, Suspense } from "react";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { useTranslation } from "react-i18next";
import { ScheduleButton } from "../../schedules/schedule-button.tsx";
import { IconButton } from "../../ui/button.tsx";
import { CameraIcon, PaperclipIcon, SmileIcon } from "../../ui/icons.tsx";
import { DialogTrigger, PopoverDialog } from "../../ui/popover.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { ComposerActions } from "./composer-actions.tsx";

const EmojiPicker = lazy(() => import("./emoji-picker.tsx"));

export function ComposerActionButtons({
  ticket,
  isPrivate,
  quotedMsgId,
  onSent,
  onEmoji,
  onFiles,
  onCamera,
}: {
  ticket: TicketDTO;
  isPrivate: boolean;
  quotedMsgId: string | null;
  /** A send from the actions menu was written locally. */
  onSent: () => void;
  onEmoji: (emoji: string) => void;
  onFiles: (files: File[]) => void;
  onCamera: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ComposerActions ticket={ticket} isPrivate={isPrivate} quotedMsgId={quotedMsgId} onSent={onSent} />
      <DialogTrigger>
        <IconButton label={t("composer.emoji")} data-testid="emoji-button">
          <SmileIcon />
        </IconButton>
        <PopoverDialog label={t("composer.emoji")} placement="top start">
          {({ close }) => (
            <Suspense fallback={<Spinner />}>
              <EmojiPicker
                onPick={(e) => {
                  onEmoji(e);
                  close();
                }}
              />
            </Suspense>
          )}
        </PopoverDialog>
      </DialogTrigger>
      <FileTrigger allowsMultiple onSelect={(files) => files && onFiles([...files])}>
        <IconButton label={t("messages.attach")} data-testid="message-attach">
          <PaperclipIcon />
        </IconButton>
      </FileTrigger>
      <IconButton label={t("composer.camera")} onPress={onCamera} data-testid="camera-button">
        <CameraIcon />
      </IconButton>
      <ScheduleButton contactId={ticket.contactId} look="icon" />
    </>
  );
}
