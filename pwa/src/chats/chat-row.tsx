// One chat in the list of /chats (spec 3 §2 "Internal chat"): its title, last message or members, the caller's
// unread count, and edit and delete for its owner only (spec 3 §6).
import { useTranslation } from "react-i18next";
import type { LocalChat } from "../store/db.ts";
import { Badge } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { EditIcon, TrashIcon } from "../ui/icons.tsx";
import { ListItem } from "../ui/list-item.tsx";
import { unreadsOf } from "./chat-rules.ts";

export function ChatRow({
  chat,
  meId,
  current,
  online,
  onEdit,
  onDelete,
}: {
  chat: LocalChat;
  meId: number;
  /** The chat the route names. */
  current: boolean;
  online: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const unread = unreadsOf(chat, meId);
  const owner = chat.ownerId === meId;
  // Edit and delete are REST calls on core's chat: not offline, nor before core has made a chat started here.
  const editable = online && chat.id !== undefined;
  return (
    <ListItem
      className="chat-row"
      data-testid="chat-row"
      href={`/chats/${chat.uuid}`}
      current={current}
      title={chat.title}
      subtitle={chat.lastMessage || chat.users.map((u) => u.user.name).join(", ")}
      meta={
        unread > 0 ? (
          <Badge tone="success" label={t("chatsPage.unread", { count: unread })} data-testid="chat-unread">
            {unread}
          </Badge>
        ) : undefined
      }
      actions={
        owner ? (
          <>
            <IconButton
              label={t("chatsPage.edit", { title: chat.title })}
              onPress={onEdit}
              isDisabled={!editable}
              data-testid="chat-edit"
            >
              <EditIcon />
            </IconButton>
            <IconButton
              label={t("chatsPage.delete", { title: chat.title })}
              onPress={onDelete}
              isDisabled={!editable}
              data-testid="chat-delete"
            >
              <TrashIcon />
            </IconButton>
          </>
        ) : undefined
      }
    />
  );
}
