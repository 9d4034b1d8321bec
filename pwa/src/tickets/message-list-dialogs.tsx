// The dialogs a message's menu opens (edit, delete, forward) and 'Conversar' on a contact card.
import type { ChannelCapabilities } from "@chatflow/core/contract/channel-capabilities.ts";
import { useTranslation } from "react-i18next";
import { StartTicketDialog } from "../contacts/start-ticket-dialog.tsx";
import { requestSync } from "../sync/app-sync.ts";
import { showToast } from "../ui/toasts.ts";
import { DeleteMessageDialog, EditMessageDialog, ForwardMessageDialog } from "./message-view/message-dialogs.tsx";
import { useMessageWrites } from "./tickets-data.ts";
import type { MessageListDialog } from "./use-message-actions.ts";

export function MessageListDialogs({
  dialog,
  online,
  capabilities,
  onClose,
}: {
  dialog: MessageListDialog;
  online: boolean;
  /** The ticket's channel's: an edit or a delete it cannot carry is warned about before acting (decision 0093). */
  capabilities: Readonly<ChannelCapabilities>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const writes = useMessageWrites();
  return (
    <>
      {dialog?.kind === "edit" && (
        <EditMessageDialog
          message={dialog.message}
          localOnly={!capabilities.editForEveryone}
          onClose={onClose}
          onSave={async (body) => {
            await writes.edit(dialog.message, body);
            requestSync();
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeleteMessageDialog
          localOnly={!capabilities.deleteForEveryone}
          onClose={onClose}
          onConfirm={async () => {
            await writes.remove(dialog.message);
            requestSync();
          }}
        />
      )}
      {dialog?.kind === "forward" && (
        <ForwardMessageDialog
          onClose={onClose}
          onForward={async (contactIds) => {
            await writes.forward(dialog.message, contactIds);
            requestSync();
            showToast(t("messageView.forwardDialog.done"), "info");
          }}
        />
      )}
      {dialog?.kind === "start" && <StartTicketDialog contact={dialog.contact} online={online} onClose={onClose} />}
    </>
  );
}
