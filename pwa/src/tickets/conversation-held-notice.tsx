// Says so when the open conversation is not held on this device (its messages were
// evicted to keep the replica in budget, sync/evict.ts, or the first pull has not
// brought them yet, decision 0040), and fetches it from core
// while online, after which the notice goes away by itself.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { isConversationHeld, restoreConversation } from "../sync/held.ts";

/** Whether this device holds the ticket's conversation; undefined while it is being read. */
export function useConversationHeld(ticketId: number): boolean | undefined {
  return useLiveQuery(() => isConversationHeld(db, ticketId), [ticketId]);
}

export function ConversationHeldNotice({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const held = useConversationHeld(ticketId);
  const online = useOnline();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (held !== false || !online) return;
    setFailed(false);
    let cancelled = false;
    restoreConversation({ db, api }, ticketId).catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [held, online, ticketId]);

  if (held !== false) return null;
  const text = !online
    ? t("tickets.notHeldOffline")
    : failed
      ? t("tickets.notHeldFailed")
      : t("tickets.notHeldLoading");
  return (
    <p className="conversation-notice" role="status" data-testid="conversation-not-held">
      {text}
    </p>
  );
}
