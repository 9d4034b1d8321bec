// What a message's menu does, once for the whole list: reply (quote it in the composer), go to
// the quoted message, copy, retry, the dialogs (edit, delete, forward), and 'Conversar' on a
// contact card.
import { ZCreateContactRequestSchema } from "@chatflow/core/contract/contacts.ts";
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { TFunction } from "i18next";
import { useSetAtom } from "jotai";
import { useCallback, useState } from "react";
import type { ContactRow } from "../contacts/contact-list.ts";
import { useCreateContact } from "../contacts/contacts-data.ts";
import { errorText } from "../i18n/translate-error.ts";
import { requestSync } from "../sync/app-sync.ts";
import { showToast } from "../ui/toasts.ts";
import { quotedMessageAtom } from "./message-view/conversation-atoms.ts";
import { copyableText } from "./message-view/message-actions.ts";
import type { MessageAction } from "./message-view/message-menu.tsx";
import { contactOfCard, findContactByNumber, useMessageWrites } from "./tickets-data.ts";

export type MessageListDialog =
  | { kind: "edit" | "delete" | "forward"; message: MessageDTO }
  | { kind: "start"; contact: ContactRow }
  | null;

function contactRow(c: { id: number; name: string; number: string; channel: ContactRow["channel"] }): ContactRow {
  return {
    key: `c${c.id}`,
    id: c.id,
    name: c.name,
    number: c.number,
    email: "",
    urlPicture: null,
    active: true,
    isGroup: false,
    channel: c.channel,
    whatsappId: null,
    connectionName: null,
    tags: null,
    state: "synced",
    source: null,
  };
}

export function useMessageActions({
  online,
  goToQuoted,
  t,
}: {
  online: boolean;
  goToQuoted: (id: string) => Promise<void>;
  t: TFunction;
}) {
  const setQuoted = useSetAtom(quotedMessageAtom);
  const [dialog, setDialog] = useState<MessageListDialog>(null);
  const writes = useMessageWrites();
  const createContact = useCreateContact();

  const onAction = useCallback(
    async (action: MessageAction | "retry" | "quote", message: MessageDTO) => {
      switch (action) {
        case "reply":
          setQuoted({ ticketId: message.ticketId, message });
          document
            .querySelector<HTMLTextAreaElement>(
              "[data-testid='message-input'] textarea, textarea[data-testid='message-input']",
            )
            ?.focus();
          return;
        case "quote":
          if (message.quotedMsgId) await goToQuoted(message.quotedMsgId);
          return;
        case "copy":
          try {
            await navigator.clipboard.writeText(copyableText(message));
            showToast(t("messageView.copied"), "info");
          } catch {
            showToast(t("messageView.buttons.nothingToCopy"));
          }
          return;
        case "retry":
          await writes.retry(message);
          requestSync();
          return;
        default:
          setDialog({ kind: action, message });
      }
    },
    [setQuoted, goToQuoted, t, writes],
  );

  // 'Conversar' opens a ticket with the card's contact by its id: online core finds or adds it from the stored
  // card (a masked user never holds the whole number); offline only a whole number can be looked up here.
  const onStartConversation = useCallback(
    async (card: { name: string; number: string }, message: MessageDTO) => {
      if (online && message.id) {
        try {
          const contact = await contactOfCard(message.id);
          return setDialog({ kind: "start", contact: contactRow(contact) });
        } catch (err) {
          return showToast(errorText(err));
        }
      }
      if (card.number.includes("*")) return showToast(t("messageView.contact.needsConnection"));
      const known = await findContactByNumber(card.number);
      if (known) return setDialog({ kind: "start", contact: contactRow(known) });
      const parsed = ZCreateContactRequestSchema.safeParse({ name: card.name, number: card.number });
      if (!parsed.success) return showToast(parsed.error.issues[0]?.message ?? "");
      await createContact(parsed.data);
      requestSync();
      showToast(t("messageView.contact.added"), "info");
    },
    [t, online, createContact],
  );

  return { dialog, closeDialog: () => setDialog(null), onAction, onStartConversation };
}
