// What the composer is writing and how it goes out: the text, the private-note and signature
// choices, the quoted reply, the files waiting in the media preview, and the sends. Sending only
// writes locally (message + outbox, files kept as Blobs); sync takes it from there.
import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import { useSessionUser } from "../../auth/use-session-user.ts";
import { errorText } from "../../i18n/translate-error.ts";
import { requestSync } from "../../sync/app-sync.ts";
import { showToast } from "../../ui/toasts.ts";
import { appMediaSource } from "../message-view/app-media-source.ts";
import { droppedFilesAtom, quotedMessageAtom } from "../message-view/conversation-atoms.ts";
import { useMessageWrites } from "../tickets-data.ts";
import { composeBody } from "./compose-body.ts";
import { type PendingFile, pendingOf } from "./media-preview-dialog.tsx";
import { useSendSignMessage } from "./use-sign-setting.ts";
import { useVariableContext } from "./use-variable-context.ts";

/** The agent's choice to sign, remembered on this device (spec: shown only when the company signs). */
const SIGN_KEY = "composer.sign";
const readSign = () => {
  try {
    return localStorage.getItem(SIGN_KEY) !== "false";
  } catch {
    return true;
  }
};

export function useComposerDraft(ticket: TicketDTO) {
  const user = useSessionUser();
  const [text, setText] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSignState] = useState(readSign);
  const signSetting = useSendSignMessage();
  const context = useVariableContext(ticket, user?.name ?? null);
  const [quoted, setQuoted] = useAtom(quotedMessageAtom);
  const [dropped, setDropped] = useAtom(droppedFilesAtom);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const writes = useMessageWrites();

  const quotedHere = quoted?.ticketId === ticket.id ? quoted.message : null;
  const quotedMsgId = quotedHere?.id ?? null;
  const signs = signSetting && sign;

  // Files dropped on the conversation open the preview here.
  useEffect(() => {
    if (!dropped || dropped.ticketId !== ticket.id) return;
    setPending((p) => [...p, ...pendingOf(dropped.files)]);
    setDropped(null);
  }, [dropped, ticket.id, setDropped]);

  const setSign = (on: boolean) => {
    setSignState(on);
    try {
      localStorage.setItem(SIGN_KEY, String(on));
    } catch {
      // Not remembered where storage is blocked.
    }
  };
  const addFiles = (files: File[]) => setPending((p) => [...p, ...pendingOf(files)]);
  const clearQuote = () => setQuoted(null);
  /** A send was written: the quoted reply, if any, was part of it. */
  const dropQuote = () => {
    if (quotedHere) setQuoted(null);
  };

  async function submit() {
    const typed = text;
    const body = composeBody(typed, { context, sign: signs, isPrivate });
    if (!body) return;
    setText("");
    try {
      await writes.send({ ticket, body, userId: user?.id ?? null, isPrivate, quotedMsgId });
      dropQuote();
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
    dropQuote();
    requestSync();
  }

  /**
   * A quick message with media goes out as that media with its message as the caption (spec 2 §3), through
   * the same outbox as a picked file: the file is read from core's media store, so this needs a connection.
   */
  function sendQuickMedia(q: QuickMessage & { mediaPath: string }) {
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

  return {
    user,
    text,
    setText,
    isPrivate,
    setPrivate,
    sign,
    setSign,
    signSetting,
    quotedHere,
    quotedMsgId,
    clearQuote,
    dropQuote,
    pending,
    setPending,
    addFiles,
    submit,
    sendFiles,
    sendQuickMedia,
  };
}
