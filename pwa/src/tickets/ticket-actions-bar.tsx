// The action bar of the conversation header (spec 1 §2, §4): the actions the ticket's status and
// the user's role allow (ticket-rules.ts). With room each is a button and delete sits in the
// 'more' menu; in a narrow conversation (a phone, or beside the drawer) the main action stays a
// button and the rest go into that menu.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { IconButton } from "../ui/button.tsx";
import { MoreIcon } from "../ui/icons.tsx";
import { Menu, MenuTrigger } from "../ui/menu.tsx";
import { moreMenuItems, runMenu, TicketActionButton } from "./ticket-action-buttons.tsx";
import { useTicketCommands } from "./ticket-commands.tsx";
import { offersFarewell, type TicketAction, ticketActions } from "./ticket-rules.ts";

/** The action a phone keeps as a button: the one that moves the ticket on. */
const PRIMARY: TicketAction[] = ["accept", "reopen", "resolve"];

export function TicketActionsBar({
  ticket,
  contactName,
  compact,
}: {
  ticket: TicketDTO;
  contactName: string;
  /** Little room: only the main action as a button. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const narrow = compact;
  const commands = useTicketCommands(ticket, contactName);
  if (!user) return null;
  const actions = ticketActions(ticket, user);
  const farewell = offersFarewell(ticket);
  const primary = narrow ? PRIMARY.find((a) => actions.includes(a)) : undefined;
  const asButtons = actions.filter((a) => (narrow ? a === primary : a !== "delete"));
  const inMenu = actions.filter((a) => !asButtons.includes(a));

  const menuItems = moreMenuItems(inMenu, farewell, t);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's <fieldset>.
    <div className="ticket-actions-bar" role="group" aria-label={t("ticketActions.bar")} data-testid="ticket-actions">
      {asButtons.map((action) => (
        <TicketActionButton key={action} action={action} commands={commands} farewell={farewell} />
      ))}
      {menuItems.length > 0 && (
        <MenuTrigger>
          <IconButton label={t("ticketActions.more")} data-testid="ticket-more">
            <MoreIcon />
          </IconButton>
          <Menu label={t("ticketActions.more")} onAction={(key) => runMenu(commands, key)}>
            {menuItems}
          </Menu>
        </MenuTrigger>
      )}
      {commands.dialogs}
    </div>
  );
}
