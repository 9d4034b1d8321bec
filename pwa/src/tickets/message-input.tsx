// The reply box (spec 1 §2 "Message input"): text with variables and the optional signature,
// emoji, attachments through the media preview (pick, paste, drop), camera capture, voice
// notes, the quick-message picker on '/', private notes and the quoted reply. Sending only
// writes locally (message + outbox, files kept as Blobs); sync takes it from there. Shown only
// where a reply is allowed (ticket-rules.ts).

import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { type ClipboardEvent, type FormEvent, type KeyboardEvent, lazy, memo, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { LockIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { CameraDialog } from "./composer/camera-dialog.tsx";
import { ComposerActionButtons } from "./composer/composer-action-buttons.tsx";
import { ComposerActions } from "./composer/composer-actions.tsx";
import { ComposerOptions } from "./composer/composer-options.tsx";
import { ComposerTextBox } from "./composer/composer-text-box.tsx";
import { MediaPreviewDialog } from "./composer/media-preview-dialog.tsx";
import { QuickMessageOptions } from "./composer/quick-message-options.tsx";
import { RecordingBar } from "./composer/recording-bar.tsx";
import { ReplyQuote } from "./composer/reply-quote.tsx";
import { SendOrRecordButton } from "./composer/send-or-record-button.tsx";
import { type RecorderProblem, useAudioRecorder } from "./composer/use-audio-recorder.ts";
import { useComposerDraft } from "./composer/use-composer-draft.ts";
import { useQuickPicker } from "./composer/use-quick-picker.ts";
import { WindowNotice } from "./composer/window-notice.tsx";
import { replyAllowed } from "./ticket-rules.ts";
import { useElementWidth } from "./use-element-width.ts";
import "./composer/composer.css";

const RECORDER_PROBLEM_TEXT = {
  denied: "composer.micDenied",
  unavailable: "composer.micUnavailable",
  tooShort: "composer.recordingTooShort",
} as const satisfies Record<RecorderProblem, string>;

/**
 * On a phone, and in a composer narrower than this, the row keeps only '+', the text box and send (decision 0088):
 * with the five tools beside it the text box of a 390 px phone was 80 px wide. The tools and send take about
 * 290 px of a desk's row, so at this width its text box still keeps about 270 px.
 */

export const FOLD_TOOLS_BELOW = 560;

// Yjs, y-indexeddb and the Hocuspocus client load only once the agent types '/'.
const QuickMessagesSource = lazy(() =>
  import("./composer/quick-messages-source.tsx").then((m) => ({ default: m.QuickMessagesSource })),
);

/** Memoised, as the message list: the conversation's own re-renders (its frame measured) leave the composer be. */
export const MessageInput = memo(function MessageInput({ ticket }: { ticket: TicketDTO }) {
  const user = useSessionUser();
  // A closed or waiting ticket, or another agent's, offers no reply box (the header offers the action).
  if (!replyAllowed(ticket, user)) return null;
  return <Composer ticket={ticket} />;
});

function Composer({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const draft = useComposerDraft(ticket);
  const { user, text, isPrivate } = draft;
  const picker = useQuickPicker(text, user !== null);
  const [camera, setCamera] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const measured = useElementWidth<HTMLDivElement>();
  const phone = useMediaQuery(NARROW_QUERY);
  const folded = phone || (measured.width > 0 && measured.width < FOLD_TOOLS_BELOW);
  const recorder = useAudioRecorder(
    (file) => void draft.sendFiles([{ key: "audio", file, caption: "" }]),
    (problem) => showToast(t(RECORDER_PROBLEM_TEXT[problem])),
  );

  // A new text starts the picker's choice from its first match.
  const changeText = (value: string) => {
    draft.setText(value);
    picker.setActive(0);
  };
  const pickQuick = (index: number) => {
    const q = picker.matches[index];
    if (!q) return;
    if (!q.mediaPath) return changeText(q.message);
    draft.sendQuickMedia({ ...q, mediaPath: q.mediaPath });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKey(event, pickQuick, () => draft.setText(""))) return;
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void draft.submit();
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    draft.addFiles(files);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void draft.submit();
  };

  return (
    <div
      // A phone folds the tools whatever the width: measuring there would only render the composer twice.
      ref={phone ? undefined : measured.ref}
      className={isPrivate ? "composer is-private" : "composer"}
      data-testid="composer"
      data-private={isPrivate}
      data-folded={folded}
    >
      {picker.wanted && user && (
        <Suspense fallback={null}>
          <QuickMessagesSource companyId={user.companyId} userId={user.id} onItems={picker.onLists} />
        </Suspense>
      )}
      {draft.quotedHere && <ReplyQuote message={draft.quotedHere} onCancel={draft.clearQuote} />}
      <WindowNotice ticket={ticket} />
      {isPrivate && (
        <p className="composer-private-banner" data-testid="private-banner">
          <LockIcon size={16} /> {t("composer.privateNoteOn")}
        </p>
      )}
      {picker.open && (
        <QuickMessageOptions
          matches={picker.matches}
          listboxId={picker.listboxId}
          active={picker.active}
          onPick={pickQuick}
        />
      )}
      <ComposerOptions
        isPrivate={isPrivate}
        onPrivate={draft.setPrivate}
        sign={draft.signSetting ? draft.sign : null}
        onSign={draft.setSign}
      />
      <form className="message-input" onSubmit={onSubmit}>
        {recorder.recording ? (
          <RecordingBar elapsed={recorder.elapsed} onCancel={recorder.cancel} onStop={recorder.stop} />
        ) : (
          <>
            {folded ? (
              <ComposerActions
                ticket={ticket}
                isPrivate={isPrivate}
                quotedMsgId={draft.quotedMsgId}
                onSent={draft.dropQuote}
                folded={{
                  onEmoji: (emoji) => draft.setText((s) => s + emoji),
                  onFiles: draft.addFiles,
                  onCamera: () => setCamera(true),
                  onQuickMessage: () => {
                    if (!text.startsWith("/")) changeText(`/${text}`);
                    // After the menu has given focus back to its button.
                    setTimeout(() => box.current?.focus(), 0);
                  },
                }}
              />
            ) : (
              <ComposerActionButtons
                ticket={ticket}
                isPrivate={isPrivate}
                quotedMsgId={draft.quotedMsgId}
                onSent={draft.dropQuote}
                onEmoji={(emoji) => draft.setText((s) => s + emoji)}
                onFiles={draft.addFiles}
                onCamera={() => setCamera(true)}
              />
            )}
            <ComposerTextBox
              inputRef={box}
              text={text}
              onChange={changeText}
              isPrivate={isPrivate}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              picker={picker.open ? { listboxId: picker.listboxId, active: picker.active } : null}
            />
            <SendOrRecordButton
              hasText={text.trim() !== ""}
              isPrivate={isPrivate}
              onRecord={() => void recorder.start()}
            />
          </>
        )}
      </form>
      {draft.pending.length > 0 && (
        <MediaPreviewDialog
          files={draft.pending}
          onChange={draft.setPending}
          onSend={draft.sendFiles}
          onClose={() => draft.setPending([])}
        />
      )}
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onPhoto={(file) => {
            setCamera(false);
            draft.addFiles([file]);
          }}
        />
      )}
    </div>
  );
}
