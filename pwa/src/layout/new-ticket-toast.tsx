// The new-ticket toast (issue 21): a conversation that starts waiting in the person's queues while the app is open
// shows here, on whatever screen or tab they are, with Aceitar (the same command as the conversation's Aceitar, so a
// ticket without queue asks for one), a way to look first, and the chime (the bell chimes for pending tickets only
// when the company lets it notify them: then it is not chimed twice). It lives in the app shell.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { truncate } from "../tickets/format.ts";
import { previewText } from "../tickets/preview-text.ts";
import { useTicketCommands } from "../tickets/ticket-commands.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { CloseIcon } from "../ui/icons.tsx";
import { newlyWaiting, showsPendingNotifications } from "./notifications.ts";
import { useWaitingRows } from "./notifications-data.ts";
import type { WaitingRow } from "./notifications-waiting.ts";
import { playNotificationSound, volumeAtom } from "./sound.ts";
import "./new-ticket-toast.css";

/**
 * Conversations that were already waiting this long before the app opened are not news (the first pull brings
 * every waiting ticket at once): only those updated since shortly before are toasted.
 */
const NEWS_SLACK_MS = 60_000;

export function NewTicketToast() {
  const rows = useWaitingRows();
  const user = useSessionUser();
  const volume = useAtomValue(volumeAtom);
  const since = useRef(new Date(Date.now() - NEWS_SLACK_MS).toISOString());
  const seen = useRef<Set<number> | null>(null);
  const [queue, setQueue] = useState<number[]>([]);

  useEffect(() => {
    if (!rows) return;
    const waiting = rows.map((r) => r.ticket);
    const fresh = newlyWaiting(seen.current ?? new Set(), waiting).filter((t) => t.updatedAt >= since.current);
    if (fresh.length > 0) {
      const ids = fresh.map((t) => t.id);
      setQueue((q) => [...ids, ...q.filter((id) => !ids.includes(id))]);
      if (!showsPendingNotifications(user)) playNotificationSound(volume);
    }
    seen.current = new Set(waiting.map((t) => t.id));
  }, [rows, user, volume]);

  // Only what still waits is offered (another agent may have taken it meanwhile).
  const current = queue.flatMap((id) => rows?.find((r) => r.ticket.id === id) ?? []);
  const top = current[0];
  if (!top) return null;
  return (
    <ToastCard
      key={top.ticket.id}
      row={top}
      more={current.length - 1}
      onDismiss={() => setQueue((q) => q.filter((id) => id !== top.ticket.id))}
    />
  );
}

function ToastCard({ row, more, onDismiss }: { row: WaitingRow; more: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = row.contact?.name ?? t("tickets.unknownContact");
  const commands = useTicketCommands(row.ticket as TicketDTO, name);
  const open = () => navigate(`/tickets/${row.ticket.uuid}`);
  const preview = truncate(previewText(row.ticket.lastMessage), 80);
  return (
    <aside className="new-ticket-toast" aria-label={t("newTicketToast.label")} data-testid="new-ticket-toast">
      <Avatar name={name} src={row.contact?.urlPicture} size={40} />
      <div className="new-ticket-toast-text" role="status">
        <p className="new-ticket-toast-title">{t("newTicketToast.title", { name: truncate(name, 60) })}</p>
        {preview && <p className="new-ticket-toast-preview">{preview}</p>}
        {more > 0 && <p className="new-ticket-toast-more">{t("newTicketToast.more", { count: more })}</p>}
      </div>
      <div className="new-ticket-toast-actions">
        <Button
          variant="primary"
          onPress={() => {
            // The conversation opens at once; the accept goes through the outbox (works offline), and the ticket
            // leaving the waiting list takes the toast away.
            open();
            commands.accept();
          }}
          data-testid="new-ticket-toast-accept"
        >
          {t("newTicketToast.accept")}
        </Button>
        <Button
          variant="ghost"
          onPress={() => {
            open();
            onDismiss();
          }}
          data-testid="new-ticket-toast-open"
        >
          {t("newTicketToast.open")}
        </Button>
        <IconButton label={t("newTicketToast.dismiss")} onPress={onDismiss} data-testid="new-ticket-toast-dismiss">
          <CloseIcon />
        </IconButton>
      </div>
      {commands.dialogs}
    </aside>
  );
}
