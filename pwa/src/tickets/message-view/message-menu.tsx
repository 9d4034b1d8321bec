// The message options menu (spec 1 §2): reply (quote), edit, delete, forward and copy text,
// a kit Menu on a button beside the bubble, so it opens from the keyboard and on touch.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../ui/button.tsx";
import { CopyIcon, EditIcon, ForwardIcon, MoreIcon, ReplyIcon, TrashIcon } from "../../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../../ui/menu.tsx";
import { ChannelCapabilitiesContext } from "./channel-capabilities-context.ts";

export type MessageAction = "reply" | "edit" | "delete" | "forward" | "copy";

export function MessageMenu({
  message,
  actions,
  onAction,
}: {
  message: MessageDTO;
  actions: MessageAction[];
  onAction: (action: MessageAction, message: MessageDTO) => void;
}) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <IconButton label={t("messageView.menu")} variant="ghost" className="message-menu-button" showTitle={false}>
        <MoreIcon size={16} />
      </IconButton>
      <Menu label={t("messageView.menu")} onAction={(key) => onAction(key as MessageAction, message)}>
        <MessageMenuItems actions={actions} />
      </Menu>
    </MenuTrigger>
  );
}

/**
 * The entries, rendered only while the menu is open (a closed menu's popover renders nothing): a conversation opens
 * with a menu on each of its 30 bubbles, and their labels (up to seven texts each) need not be made before it paints.
 */
function MessageMenuItems({ actions }: { actions: MessageAction[] }) {
  const { t } = useTranslation();
  // A channel that cannot carry an edit or a delete: the entry says it stays in Chat-flow (decision 0093).
  const capabilities = useContext(ChannelCapabilitiesContext);
  const localOnly = (label: string, carried: boolean) =>
    carried ? label : t("connectionState.capabilities.menuLocalOnly", { action: label });
  const items: Record<MessageAction, { label: string; icon: ReactNode; tone?: "danger" }> = {
    reply: { label: t("messageView.reply"), icon: <ReplyIcon size={16} /> },
    edit: { label: localOnly(t("messageView.edit"), capabilities.editForEveryone), icon: <EditIcon size={16} /> },
    forward: { label: t("messageView.forward"), icon: <ForwardIcon size={16} /> },
    copy: { label: t("messageView.copy"), icon: <CopyIcon size={16} /> },
    delete: {
      label: localOnly(t("messageView.delete"), capabilities.deleteForEveryone),
      icon: <TrashIcon size={16} />,
      tone: "danger",
    },
  };
  return actions.map((a) => (
    <MenuItem key={a} id={a} icon={items[a].icon} tone={items[a].tone} data-testid={`message-menu-${a}`}>
      {items[a].label}
    </MenuItem>
  ));
}
