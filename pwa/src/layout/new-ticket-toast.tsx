// The new-ticket toast (issue 21): a conversation that starts waiting in the person's queues while the app is open
// shows here, on whatever screen or tab they are, with Aceitar (the same command as the conversation's Aceitar, so a
// ticket without queue asks for one), a way to look first, and the chime (the bell chimes for pending tickets only
// when the company lets it notify them: then it is not chimed twice). It lives in the app shell. What waited when the
// replica was first filled is not news; the toast goes after a while (the bell, the title and Aguardando still tell),
// never while the pointer or the focus is on it.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useAtomValue } from "jotai";
import { type FocusEvent, useEffect, useRef, useState } from "react";
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
import { useReplicaFilled, useWaitingRows } from "./notifications-data.ts";
import type { WaitingRow } from "./notifications-waiting.ts";
import { playNotificationSound, volumeAtom } from "./sound.ts";
import "./new-ticket-toast.css";

/** How long the toast stays when nobody points at it or focuses it. */
export const TOAST_STAYS_MS = 12_000;

export function NewTicketToast() {
  const rows = useWaitingRows();
  const filled = useReplicaFilled();
  const user = useSessionUser();
  const volume = useAtomValue(volumeAtom);
  const seen = useRef<Set<number> | null>(null);
  // When the app opened (the page's time origin), not when this lazily loaded toast mounted: on a slow device the
  // chunk arrives seconds later, and a conversation that started waiting meanwhile is news, not backlog.
  const mountedAt = useRef(new Date(performance.timeOrigin).toISOString());
  const [queue, setQueue] = useState<number[]>([]);

  useEffect(() => {
    if (!rows || !filled) return;
    const waiting = rows.map((r) => r.ticket);
    // The first filled replica's waiting conversations are the backlog, not news, unless they moved since the app
    // opened (a pull may bring a new one with the backlog).
    const backlog = seen.current ?? new Set(waiting.filter((t) => t.updatedAt < mountedAt.current).map((t) => t.id));
    const fresh = newlyWaiting(backlog, waiting);
    if (fresh.length > 0) {
      const ids = fresh.map((t) => t.id);
      setQueue((q) => [...ids, ...q.filter((id) => !ids.includes(id))]);
      if (!showsPendingNotifications(user)) playNotificationSound(volume);
    }
    seen.current = new Set(waiting.map((t) => t.id));
  }, [rows, filled, user, volume]);

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
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Once Aceitar was pressed the toast stays (a queue may be asked for): the ticket leaving the waiting list ends it.
  const [accepting, setAccepting] = useState(false);
  const held = hovered || focused || accepting;
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), TOAST_STAYS_MS);
    return () => clearTimeout(timer);
  }, [held]);
  const leaving = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <aside
      className="new-ticket-toast"
      aria-label={t("newTicketToast.label")}
      data-testid="new-ticket-toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaving}
    >
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
            setAccepting(true);
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
