// The reply box (spec 1 §2 "Message input"): text with variables and the optional signature,
// emoji, attachments through the media preview (pick, paste, drop), camera capture, voice
// notes, the quick-message picker on '/', private notes and the quoted reply. Sending only
// writes locally (message + outbox, files kept as Blobs); sync takes it from there. Shown only
// where a reply is allowed (ticket-rules.ts).

import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useAtom } from "jotai";
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useState,
} from "react";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { TextArea, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { errorText } from "../i18n/translate-error.ts";
import { ScheduleButton } from "../schedules/schedule-button.tsx";
import { requestSync } from "../sync/app-sync.ts";
import { IconButton } from "../ui/button.tsx";
import {
  CameraIcon,
  CloseIcon,
  LockIcon,
  MicIcon,
  PaperclipIcon,
  SendIcon,
  SmileIcon,
  StopIcon,
} from "../ui/icons.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { formatDuration } from "./composer/audio-format.ts";
import { CameraDialog } from "./composer/camera-dialog.tsx";
import { composeBody } from "./composer/compose-body.ts";
import { ComposerActions } from "./composer/composer-actions.tsx";
import { MediaPreviewDialog, type PendingFile, pendingOf } from "./composer/media-preview-dialog.tsx";
import { matchQuickMessages, quickQuery } from "./composer/quick-match.ts";
import { useAudioRecorder } from "./composer/use-audio-recorder.ts";
import { useSendSignMessage } from "./composer/use-sign-setting.ts";
import { useVariableContext } from "./composer/use-variable-context.ts";
import { WindowNotice } from "./composer/window-notice.tsx";
import { appMediaSource } from "./message-view/app-media-source.ts";
import { droppedFilesAtom, quotedMessageAtom } from "./message-view/conversation-atoms.ts";
import { replyAllowed } from "./ticket-rules.ts";
import { useMessageWrites } from "./tickets-data.ts";
import "./composer/composer.css";

const EmojiPicker = lazy(() => import("./composer/emoji-picker.tsx"));
// Yjs, y-indexeddb and the Hocuspocus client load only once the agent types '/'.
const QuickMessagesSource = lazy(() =>
  import("./composer/quick-messages-source.tsx").then((m) => ({ default: m.QuickMessagesSource })),
);

/** The agent's choice to sign, remembered on this device (spec: shown only when the company signs). */
const SIGN_KEY = "composer.sign";
const readSign = () => {
  try {
    return localStorage.getItem(SIGN_KEY) !== "false";
  } catch {
    return true;
  }
};

export function MessageInput({ ticket }: { ticket: TicketDTO }) {
  const user = useSessionUser();
  // A closed or waiting ticket, or another agent's, offers no reply box (the header offers the action).
  if (!replyAllowed(ticket, user)) return null;
  return <Composer ticket={ticket} />;
}

function Composer({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [text, setText] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSignState] = useState(readSign);
  const signSetting = useSendSignMessage();
  const context = useVariableContext(ticket, user?.name ?? null);
  const [quoted, setQuoted] = useAtom(quotedMessageAtom);
  const [dropped, setDropped] = useAtom(droppedFilesAtom);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [camera, setCamera] = useState(false);
  const [lists, setLists] = useState<{ general: QuickMessage[]; personal: QuickMessage[] }>({
    general: [],
    personal: [],
  });
  const [active, setActive] = useState(0);
  const listboxId = useId();

  const quotedHere = quoted?.ticketId === ticket.id ? quoted.message : null;
  const quickWanted = quickQuery(text) !== null && user !== null;
  const matches = quickWanted ? matchQuickMessages(text, lists.general, lists.personal) : [];
  const pickerOpen = matches.length > 0;
  const onLists = useCallback(
    (general: QuickMessage[], personal: QuickMessage[]) => setLists({ general, personal }),
    [],
  );

  // Files dropped on the conversation open the preview here.
  useEffect(() => {
    if (!dropped || dropped.ticketId !== ticket.id) return;
    setPending((p) => [...p, ...pendingOf(dropped.files)]);
    setDropped(null);
  }, [dropped, ticket.id, setDropped]);

  // A new text starts the picker's choice from its first match.
  const changeText = (value: string) => {
    setText(value);
    setActive(0);
  };

  const setSign = (on: boolean) => {
    setSignState(on);
    try {
      localStorage.setItem(SIGN_KEY, String(on));
    } catch {
      // Not remembered where storage is blocked.
    }
  };
  const signs = signSetting && sign;
  const quotedMsgId = quotedHere?.id ?? null;
  const writes = useMessageWrites();

  async function submit() {
    const typed = text;
    const body = composeBody(typed, { context, sign: signs, isPrivate });
    if (!body) return;
    setText("");
    try {
      await writes.send({ ticket, body, userId: user?.id ?? null, isPrivate, quotedMsgId });
      if (quotedHere) setQuoted(null);
      requestSync();
    } catch (err) {
      // Nothing was stored (one transaction): give the text back so it is not lost.
      setText(typed);
      showToast(errorText(err));
    }
  }

  async function sendFiles(files: PendingFile[]) {
    setPending([]);
    for (const f of files) {
      try {
        const caption = composeBody(f.caption, { context, sign: false, isPrivate });
        await writes.sendMedia({ ticket, file: f.file, caption, userId: user?.id ?? null, isPrivate, quotedMsgId });
      } catch (err) {
        showToast(errorText(err));
      }
    }
    if (quotedHere) setQuoted(null);
    requestSync();
  }

  const recorder = useAudioRecorder(
    (file) => void sendFiles([{ key: "audio", file, caption: "" }]),
    (problem) => showToast(t(problem === "denied" ? "composer.micDenied" : "composer.micUnavailable")),
  );

  function pickQuick(index: number) {
    const q = matches[index];
    if (!q) return;
    if (!q.mediaPath) return changeText(q.message);
    // A quick message with media goes out as that media with its message as the caption (spec 2 §3), through
    // the same outbox as a picked file: the file is read from core's media store, so this needs a connection.
    setText("");
    const mediaPath = q.mediaPath;
    void appMediaSource
      .load(mediaPath)
      .then((blob) => {
        const name = q.mediaName ?? mediaPath.split("/").pop() ?? "media";
        return sendFiles([
          { key: `quick-${q.id}`, file: new File([blob], name, { type: blob.type }), caption: q.message },
        ]);
      })
      .catch((err: unknown) => showToast(errorText(err)));
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (pickerOpen) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pickQuick(active);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setText("");
        return;
      }
    }
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    setPending((p) => [...p, ...pendingOf(files)]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const insertEmoji = (emoji: string) => setText((s) => s + emoji);

  return (
    <div className={isPrivate ? "composer is-private" : "composer"} data-testid="composer" data-private={isPrivate}>
      {quickWanted && user && (
        <Suspense fallback={null}>
          <QuickMessagesSource companyId={user.companyId} userId={user.id} onItems={onLists} />
        </Suspense>
      )}
      {quotedHere && (
        <div className="composer-quote" data-testid="composer-quote">
          <span className="composer-quote-text">
            <strong>{t("composer.replyingTo")}</strong> {quotedHere.body}
          </span>
          <IconButton label={t("composer.cancelReply")} onPress={() => setQuoted(null)}>
            <CloseIcon />
          </IconButton>
        </div>
      )}
      <WindowNotice ticket={ticket} />
      {isPrivate && (
        <p className="composer-private-banner" data-testid="private-banner">
          <LockIcon size={16} /> {t("composer.privateNoteOn")}
        </p>
      )}
      {pickerOpen && (
        <div className="composer-quick" role="listbox" id={listboxId} aria-label={t("composer.quickMessages")}>
          {matches.map((q, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys act from the text field (combobox pattern).
            <div
              key={`${q.personal ? "p" : "g"}-${q.id}`}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              className="composer-quick-item"
              data-testid="quick-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pickQuick(i)}
            >
              <span className="composer-quick-code">/{q.shortcode}</span>
              {q.personal && <span className="composer-quick-tag">{t("composer.personal")}</span>}
              {q.mediaPath && <span className="composer-quick-tag">{t("composer.quickMedia")}</span>}
              <span className="composer-quick-message">{q.message}</span>
            </div>
          ))}
        </div>
      )}
      <div className="composer-options">
        <Switch isSelected={isPrivate} onChange={setPrivate} data-testid="private-toggle">
          {t("composer.privateNote")}
        </Switch>
        {signSetting && (
          <Switch isSelected={sign} onChange={setSign} data-testid="sign-toggle">
            {t("composer.sign")}
          </Switch>
        )}
      </div>
      <form className="message-input" onSubmit={onSubmit}>
        {recorder.recording ? (
          <>
            <IconButton label={t("composer.cancelRecording")} onPress={recorder.cancel} data-testid="record-cancel">
              <CloseIcon />
            </IconButton>
            <output className="composer-recording" data-testid="recording" aria-live="polite">
              <span className="composer-recording-dot" aria-hidden="true" />
              {t("composer.recording", { time: formatDuration(recorder.elapsed) })}
            </output>
            <IconButton label={t("composer.stopRecording")} onPress={recorder.stop} data-testid="record-stop">
              <StopIcon />
            </IconButton>
          </>
        ) : (
          <>
            <ComposerActions
              ticket={ticket}
              isPrivate={isPrivate}
              quotedMsgId={quotedMsgId}
              onSent={() => quotedHere && setQuoted(null)}
            />
            <DialogTrigger>
              <IconButton label={t("composer.emoji")} data-testid="emoji-button">
                <SmileIcon />
              </IconButton>
              <PopoverDialog label={t("composer.emoji")} placement="top start">
                {({ close }) => (
                  <Suspense fallback={<Spinner />}>
                    <EmojiPicker
                      onPick={(e) => {
                        insertEmoji(e);
                        close();
                      }}
                    />
                  </Suspense>
                )}
              </PopoverDialog>
            </DialogTrigger>
            <FileTrigger
              allowsMultiple
              onSelect={(files) => files && setPending((p) => [...p, ...pendingOf([...files])])}
            >
              <IconButton label={t("messages.attach")} data-testid="message-attach">
                <PaperclipIcon />
              </IconButton>
            </FileTrigger>
            <IconButton label={t("composer.camera")} onPress={() => setCamera(true)} data-testid="camera-button">
              <CameraIcon />
            </IconButton>
            <ScheduleButton contactId={ticket.contactId} look="icon" />
            <TextField
              className="message-input-field"
              aria-label={isPrivate ? t("composer.privateNote") : t("messages.placeholder")}
              value={text}
              onChange={changeText}
            >
              <TextArea
                data-testid="message-input"
                placeholder={isPrivate ? t("composer.notePlaceholder") : t("messages.placeholder")}
                rows={1}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                role={pickerOpen ? "combobox" : undefined}
                aria-expanded={pickerOpen ? true : undefined}
                aria-controls={pickerOpen ? listboxId : undefined}
                aria-autocomplete={pickerOpen ? "list" : undefined}
                aria-activedescendant={pickerOpen ? `${listboxId}-${active}` : undefined}
              />
            </TextField>
            {text.trim() ? (
              <IconButton
                type="submit"
                label={isPrivate ? t("composer.privateNote") : t("messages.send")}
                data-testid="message-send"
              >
                <SendIcon />
              </IconButton>
            ) : (
              <IconButton label={t("composer.record")} onPress={() => void recorder.start()} data-testid="record-start">
                <MicIcon />
              </IconButton>
            )}
          </>
        )}
      </form>
      {pending.length > 0 && (
        <MediaPreviewDialog files={pending} onChange={setPending} onSend={sendFiles} onClose={() => setPending([])} />
      )}
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onPhoto={(file) => {
            setCamera(false);
            setPending((p) => [...p, ...pendingOf([file])]);
          }}
        />
      )}
    </div>
  );
}
