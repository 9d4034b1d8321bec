// The reply box: Enter sends, Shift+Enter breaks the line, blank text is ignored;
// the clip attaches files (one message each). Sending only writes locally
// (message + outbox, the file kept as a Blob); sync takes it from there.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { Button } from "react-aria-components/Button";
import { FileTrigger } from "react-aria-components/FileTrigger";
import { TextArea, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";
import { db } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { errorText } from "../i18n/translate-error.ts";
import { requestSync } from "../sync/app-sync.ts";
import { PaperclipIcon, SendIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { sendMedia } from "./send-media.ts";
import { sendMessage } from "./send-message.ts";

export function MessageInput({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [text, setText] = useState("");

  async function submit() {
    const body = text;
    if (!body.trim()) return;
    setText("");
    try {
      await sendMessage(db, { ticket, body, userId: user?.id ?? null });
      requestSync();
    } catch (err) {
      // Nothing was stored (one transaction): give the text back so it is not lost.
      setText(body);
      showToast(errorText(err));
    }
  }

  async function attach(files: FileList | null) {
    for (const file of files ? [...files] : []) {
      try {
        await sendMedia(db, { ticket, file, userId: user?.id ?? null });
      } catch (err) {
        showToast(errorText(err));
      }
    }
    requestSync();
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="message-input" onSubmit={onSubmit}>
      <FileTrigger allowsMultiple onSelect={(files) => void attach(files)}>
        <Button className="icon-button" aria-label={t("messages.attach")} data-testid="message-attach">
          <PaperclipIcon />
        </Button>
      </FileTrigger>
      <TextField className="message-input-field" aria-label={t("messages.placeholder")} value={text} onChange={setText}>
        <TextArea data-testid="message-input" placeholder={t("messages.placeholder")} rows={1} onKeyDown={onKeyDown} />
      </TextField>
      <Button type="submit" className="icon-button primary" aria-label={t("messages.send")} data-testid="message-send">
        <SendIcon />
      </Button>
    </form>
  );
}
