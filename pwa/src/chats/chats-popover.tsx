// The top bar's internal chat popover (spec 3 §2 "Internal chat"): a button with the number of the caller's chats
// that have unread messages, and a popover listing them (a click opens the chat). Shown only when the plan has
// useInternalChat. It reads the replica (decision 0111): offline it still counts, a chat read here goes at once, and
// the pull brings what the others wrote. News in a chat plays the tickets' chime at the remembered volume (decision
// 0119, chat-chime.ts).
import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isSubscriptionExpired } from "../auth/session-state.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { planAllows } from "../layout/app-routes.ts";
import { playNotificationSound, volumeAtom } from "../layout/sound.ts";
import { truncate } from "../tickets/format.ts";
import { Badge } from "../ui/badge.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { MessagesIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { DialogTrigger, PopoverDialog } from "../ui/popover.tsx";
import { useChatChime } from "./chat-chime.ts";
import { unreadChats, unreadsOf } from "./chat-rules.ts";
import { useReplicaChats } from "./chats-data.ts";

export function ChatsPopover() {
  const user = useSessionUser();
  // Not for a company whose plan lacks the chat, nor one whose subscription ran out (core answers 402 then).
  if (!user || !planAllows(user, "useInternalChat") || (!user.super && isSubscriptionExpired(user))) return null;
  return <ChatsPopoverButton meId={user.id} />;
}

function ChatsPopoverButton({ meId }: { meId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const chats = useReplicaChats();
  const unread = unreadChats(chats ?? [], meId);
  const count = unread.length;
  const volume = useAtomValue(volumeAtom);
  useChatChime(
    chats,
    meId,
    pathname,
    useCallback(() => playNotificationSound(volume), [volume]),
  );
  const label = count > 0 ? t("chatsPage.popover.labelWithCount", { count }) : t("chatsPage.popover.label");
  return (
    <DialogTrigger>
      <IconButton label={label} className="top-bar-notifications" data-testid="chats-popover-button">
        <MessagesIcon />
        {count > 0 && (
          <Badge tone="danger" className="top-bar-count" data-testid="chats-popover-count">
            {count > 99 ? "99+" : count}
          </Badge>
        )}
      </IconButton>
      <PopoverDialog
        label={t("chatsPage.popover.label")}
        title={t("chatsPage.popover.label")}
        className="notifications-popover"
        data-testid="chats-popover"
      >
        {({ close }) => (
          <>
            {count === 0 ? (
              <p className="popover-empty">{t("chatsPage.popover.empty")}</p>
            ) : (
              <List label={t("chatsPage.popover.label")} className="notifications-list">
                {unread.map((chat) => {
                  const n = unreadsOf(chat, meId);
                  return (
                    <ListItem
                      key={chat.uuid}
                      data-testid="chats-popover-item"
                      onAction={() => {
                        close();
                        navigate(`/chats/${chat.uuid}`);
                      }}
                      title={truncate(chat.title, 60)}
                      subtitle={truncate(chat.lastMessage, 40)}
                      meta={
                        <Badge tone="success" label={t("chatsPage.unread", { count: n })}>
                          {n}
                        </Badge>
                      }
                    />
                  );
                })}
              </List>
            )}
            <Button
              variant="ghost"
              size="small"
              onPress={() => {
                close();
                navigate("/chats");
              }}
              data-testid="chats-popover-open"
            >
              {t("chatsPage.popover.openAll")}
            </Button>
          </>
        )}
      </PopoverDialog>
    </DialogTrigger>
  );
}
