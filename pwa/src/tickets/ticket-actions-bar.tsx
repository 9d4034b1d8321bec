// The action bar of the conversation header (spec 1 §2, §4): the actions the ticket's status and
// the user's role allow (ticket-rules.ts). With room each is a button and delete sits in the
// 'more' menu; in a narrow conversation (a phone, or beside the drawer) the main action stays a
// button and the rest go into that menu.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { Key } from "react-aria-components/Menu";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { CheckIcon, CloseIcon, MoreIcon, RefreshIcon, ReturnIcon, TransferIcon, TrashIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { type TicketCommands, useTicketCommands } from "./ticket-commands.tsx";
import { offersFarewell, type TicketAction, ticketActions } from "./ticket-rules.ts";

/** The action a phone keeps as a button: the one that moves the ticket on. */
const PRIMARY: TicketAction[] = ["accept", "reopen", "resolve"];

type MenuKey =
  | "returnToQueue"
  | "transfer"
  | "resolveFarewell"
  | "resolveSilent"
  | "ignore"
  | "delete"
  | "accept"
  | "reopen";

function runMenu(commands: TicketCommands, key: Key) {
  switch (key as MenuKey) {
    case "resolveFarewell":
      return commands.resolve(true);
    case "resolveSilent":
      return commands.resolve(false);
    case "returnToQueue":
      return commands.returnToQueue();
    case "transfer":
      return commands.transfer();
    case "ignore":
      return commands.ignore();
    case "delete":
      return commands.delete();
    case "accept":
      return commands.accept();
    case "reopen":
      return commands.reopen();
  }
}

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

  const button = (action: TicketAction) => {
    switch (action) {
      case "accept":
        return (
          <Button key={action} variant="primary" size="small" onPress={commands.accept} data-testid="ticket-accept">
            {t("ticketActions.accept")}
          </Button>
        );
      case "reopen":
        return (
          <Button
            key={action}
            variant="primary"
            size="small"
            icon={<RefreshIcon size={16} />}
            onPress={commands.reopen}
            data-testid="ticket-reopen"
          >
            {t("ticketActions.reopen")}
          </Button>
        );
      case "returnToQueue":
        return (
          <Button
            key={action}
            size="small"
            icon={<ReturnIcon size={16} />}
            onPress={commands.returnToQueue}
            data-testid="ticket-return"
          >
            {t("ticketActions.returnToQueue")}
          </Button>
        );
      case "transfer":
        return (
          <Button
            key={action}
            size="small"
            icon={<TransferIcon size={16} />}
            onPress={commands.transfer}
            data-testid="ticket-transfer"
          >
            {t("ticketActions.transfer")}
          </Button>
        );
      case "ignore":
        return (
          <Button
            key={action}
            size="small"
            icon={<CloseIcon size={16} />}
            onPress={commands.ignore}
            data-testid="ticket-ignore"
          >
            {t("ticketActions.ignore")}
          </Button>
        );
      case "resolve":
        if (!farewell) {
          return (
            <Button
              key={action}
              variant="primary"
              size="small"
              icon={<CheckIcon size={16} />}
              onPress={() => commands.resolve(false)}
              data-testid="ticket-resolve"
            >
              {t("ticketActions.resolve")}
            </Button>
          );
        }
        return (
          <MenuTrigger key={action}>
            <Button variant="primary" size="small" icon={<CheckIcon size={16} />} data-testid="ticket-resolve">
              {t("ticketActions.resolve")}
            </Button>
            <Menu label={t("ticketActions.resolveMenu")} onAction={(key) => runMenu(commands, key)}>
              <MenuItem id="resolveFarewell" data-testid="ticket-resolve-farewell">
                {t("ticketActions.resolveWithFarewell")}
              </MenuItem>
              <MenuItem id="resolveSilent" data-testid="ticket-resolve-silent">
                {t("ticketActions.resolveWithoutFarewell")}
              </MenuItem>
            </Menu>
          </MenuTrigger>
        );
      case "delete":
        return null;
    }
  };

  const menuItems = inMenu.flatMap((action) => {
    switch (action) {
      case "resolve":
        return farewell
          ? [
              <MenuItem key="resolveFarewell" id="resolveFarewell" data-testid="ticket-resolve-farewell">
                {t("ticketActions.resolveWithFarewell")}
              </MenuItem>,
              <MenuItem key="resolveSilent" id="resolveSilent" data-testid="ticket-resolve-silent">
                {t("ticketActions.resolveWithoutFarewell")}
              </MenuItem>,
            ]
          : [
              <MenuItem key="resolveSilent" id="resolveSilent" data-testid="ticket-resolve-silent">
                {t("ticketActions.resolve")}
              </MenuItem>,
            ];
      case "delete":
        return [
          <MenuItem key="delete" id="delete" tone="danger" icon={<TrashIcon size={18} />} data-testid="ticket-delete">
            {t("ticketActions.delete")}
          </MenuItem>,
        ];
      default: {
        const labels: Record<string, string> = {
          accept: t("ticketActions.accept"),
          reopen: t("ticketActions.reopen"),
          returnToQueue: t("ticketActions.returnToQueue"),
          transfer: t("ticketActions.transfer"),
          ignore: t("ticketActions.ignore"),
        };
        return [
          <MenuItem key={action} id={action} data-testid={`ticket-menu-${action}`}>
            {labels[action] ?? action}
          </MenuItem>,
        ];
      }
    }
  });

  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's <fieldset>.
    <div className="ticket-actions-bar" role="group" aria-label={t("ticketActions.bar")} data-testid="ticket-actions">
      {asButtons.map(button)}
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
