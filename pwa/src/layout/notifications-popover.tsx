// The top bar's notifications (spec 1 §2): a bell with the number of conversations waiting
// for this user, a popover listing them (a click opens the ticket), the chime when a new
// message arrives, and the same number in the page title. While the browser has not been asked for the
// notification permission, the bell carries a dot and its popover the button that asks (one bell, decision 0087).
import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { EnablePushButton, usePushPermission } from "../pwa/enable-push-button.tsx";
import { listTime, truncate } from "../tickets/format.ts";
import { previewText } from "../tickets/preview-text.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { BellIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { useNotificationRows as useNotificationRowsOf } from "./layout-data.ts";
import type { NotificationRow } from "./notification-query.ts";
import { hasNewMessages, pageTitle, showsPendingNotifications } from "./notifications.ts";
import { playNotificationSound, volumeAtom } from "./sound.ts";

function useNotificationRows(): NotificationRow[] | undefined {
  const user = useSessionUser();
  const userId = user?.id ?? 0;
  const showPending = showsPendingNotifications(user);
  return useNotificationRowsOf(userId, showPending);
}

export function NotificationsPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = useNotificationRows();
  const volume = useAtomValue(volumeAtom);
  const count = rows?.length ?? 0;
  const push = usePushPermission();
  const askPush = push.permission === "default";

  // The page title carries the counter (spec 1 §2 Top bar).
  useEffect(() => {
    document.title = pageTitle(count, t("app.name"));
  }, [count, t]);
  useEffect(
    () => () => {
      document.title = t("app.name");
    },
    [t],
  );

  // The chime: only for news after the first read of the replica, not for what was already waiting.
  const seen = useRef<Map<number, number> | null>(null);
  useEffect(() => {
    if (!rows) return;
    const tickets = rows.map((r) => r.ticket);
    if (seen.current && hasNewMessages(seen.current, tickets)) playNotificationSound(volume);
    seen.current = new Map(tickets.map((tk) => [tk.id, tk.unreadMessages]));
  }, [rows, volume]);

  const named = count > 0 ? t("notifications.labelWithCount", { count }) : t("notifications.label");
  const label = askPush ? `${named} (${t("layout.notificationsOff")})` : named;
  return (
    <DialogTrigger>
      <IconButton label={label} className="top-bar-notifications" data-testid="notifications-button">
        <BellIcon />
        {askPush && count === 0 && <span className="top-bar-dot" aria-hidden="true" data-testid="notifications-ask" />}
        {count > 0 && (
          <Badge tone="danger" className="top-bar-count" data-testid="notifications-count">
            {count > 99 ? "99+" : count}
          </Badge>
        )}
      </IconButton>
      <PopoverDialog
        label={t("notifications.label")}
        title={t("notifications.label")}
        className="notifications-popover"
        data-testid="notifications-popover"
      >
        {({ close }) => (
          <>
            {askPush && (
              <p className="notifications-push">
                <EnablePushButton onEnable={push.enable} />
              </p>
            )}
            {count === 0 ? (
              <p className="popover-empty">{t("notifications.empty")}</p>
            ) : (
              <List label={t("notifications.label")} className="notifications-list">
                {rows?.map(({ ticket, contact }) => {
                  const name = contact?.name ?? t("tickets.unknownContact");
                  return (
                    <ListItem
                      key={ticket.id}
                      data-testid="notification-item"
                      onAction={() => {
                        close();
                        navigate(`/tickets/${ticket.uuid}`);
                      }}
                      leading={<Avatar name={name} src={contact?.urlPicture} size={36} />}
                      title={truncate(name, 60)}
                      subtitle={truncate(previewText(ticket.lastMessage), 40)}
                      meta={
                        <>
                          <span>{listTime(ticket.updatedAt)}</span>
                          <Badge tone="success" label={t("tickets.unread", { count: ticket.unreadMessages })}>
                            {ticket.unreadMessages}
                          </Badge>
                          {ticket.status === "pending" && <span>{t("notifications.pending")}</span>}
                        </>
                      }
                    />
                  );
                })}
              </List>
            )}
          </>
        )}
      </PopoverDialog>
    </DialogTrigger>
  );
}
