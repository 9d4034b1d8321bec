import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { formatDate, formatTime } from "../tickets/format.ts";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { MegaphoneIcon } from "../ui/icons.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { announcementImageUrl, lastSeen, markSeen, PRIORITY_TONE, unseenCount } from "./announcements-feed.ts";
import "./announcements.css";
import { useAnnouncementsFeed } from "./announcements-data.ts";

/** The feed, how many entries are unseen, and `markSeen` for when the person opens it (the top bar's button, or its
 * overflow menu on a phone). */
export function useAnnouncementsPanel() {
  const user = useSessionUser();
  const online = useOnline();
  const records = useAnnouncementsFeed(online);
  const userId = user?.id ?? 0;
  const [seen, setSeen] = useState(() => lastSeen(localStorage, userId));
  useEffect(() => setSeen(lastSeen(localStorage, userId)), [userId]);
  const count = records ? unseenCount(records, seen) : 0;
  const markOpened = () => {
    if (!records) return;
    markSeen(localStorage, userId, records);
    setSeen(lastSeen(localStorage, userId));
  };
  return { records, online, count, markOpened };
}

export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const { records, online, count, markOpened } = useAnnouncementsPanel();
  const label =
    count > 0 ? t("announcementsPage.popover.labelWithCount", { count }) : t("announcementsPage.popover.label");

  return (
    <DialogTrigger
      onOpenChange={(open) => {
        if (open) markOpened();
      }}
    >
      <IconButton label={label} className="top-bar-notifications" data-testid="announcements-button">
        <MegaphoneIcon />
        {count > 0 && (
          <Badge tone="danger" className="top-bar-count" data-testid="announcements-count">
            {count > 99 ? "99+" : count}
          </Badge>
        )}
      </IconButton>
      <PopoverDialog
        label={t("announcementsPage.popover.label")}
        title={t("announcementsPage.popover.label")}
        className="announcements-popover"
        data-testid="announcements-popover"
      >
        <AnnouncementsFeedList records={records} online={online} />
      </PopoverDialog>
    </DialogTrigger>
  );
}

/** The entries, newest first (the popover's body). */
export function AnnouncementsFeedList({
  records,
  online,
}: {
  records: ReturnType<typeof useAnnouncementsFeed>;
  online: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {!online && records && records.length > 0 && (
        <p className="popover-empty announcements-popover-offline">{t("announcementsPage.popover.offline")}</p>
      )}
      {!records || records.length === 0 ? (
        <p className="popover-empty">{t("announcementsPage.popover.empty")}</p>
      ) : (
        <ul className="announcements-feed" aria-label={t("announcementsPage.popover.label")}>
          {records.map((a) => (
            <li key={a.id} className="announcement-entry" data-priority={a.priority} data-testid="announcement-entry">
              <div className="announcement-entry-head">
                <h3 className="announcement-entry-title">{a.title}</h3>
                <Badge
                  tone={PRIORITY_TONE[a.priority]}
                  label={t("announcementsPage.priorityLabel", {
                    priority: t(`announcementsPage.priority.${a.priority}`),
                  })}
                >
                  {t(`announcementsPage.priority.${a.priority}`)}
                </Badge>
              </div>
              <p className="announcement-entry-text">{a.text}</p>
              {a.mediaPath && (
                <img
                  className="announcement-entry-image"
                  src={announcementImageUrl(a.mediaPath)}
                  alt={t("announcementsPage.popover.image", { title: a.title })}
                  loading="lazy"
                />
              )}
              <time className="announcement-entry-date" dateTime={a.createdAt}>
                {formatDate(new Date(a.createdAt))} {formatTime(new Date(a.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
