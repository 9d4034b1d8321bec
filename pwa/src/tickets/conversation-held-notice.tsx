// Says so when the open conversation is not held on this device (its messages were
// evicted to keep the replica in budget, sync/evict.ts, or the first pull has not
// brought them yet, decision 0040), and fetches it from core
// while online, after which the notice goes away by itself.
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { NoticeLine } from "./notice-line.tsx";
import { useConversationHeld, useRestoreConversation } from "./tickets-data.ts";

export function ConversationHeldNotice({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const held = useConversationHeld(ticketId);
  const online = useOnline();
  const failed = useRestoreConversation(ticketId, held, online);

  if (held !== false) return null;
  const text = !online
    ? t("tickets.notHeldOffline")
    : failed
      ? t("tickets.notHeldFailed")
      : t("tickets.notHeldLoading");
  return (
    <NoticeLine className="conversation-notice" data-testid="conversation-not-held">
      {text}
    </NoticeLine>
  );
}
