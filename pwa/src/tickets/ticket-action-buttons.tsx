// The parts of the ticket action bar: one action as its button, and the actions the 'more' menu
// holds as its items. Both read the same commands so a button and its menu item do the same thing.

import type { TFunction } from "i18next";
import type { Key } from "react-aria-components/Menu";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { CheckIcon, CloseIcon, RefreshIcon, ReturnIcon, TransferIcon, TrashIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import type { TicketCommands } from "./ticket-commands.tsx";
import type { TicketAction } from "./ticket-rules.ts";

type MenuKey =
  | "returnToQueue"
  | "transfer"
  | "resolveFarewell"
  | "resolveSilent"
  | "ignore"
  | "delete"
  | "accept"
  | "reopen";

export function runMenu(commands: TicketCommands, key: Key) {
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

/** One action as a button; resolve with a farewell to offer opens a menu of the two ways. */
export function TicketActionButton({
  action,
  commands,
  farewell,
}: {
  action: TicketAction;
  commands: TicketCommands;
  farewell: boolean;
}) {
  const { t } = useTranslation();
  switch (action) {
    case "accept":
      return (
        <Button variant="primary" size="small" onPress={commands.accept} data-testid="ticket-accept">
          {t("ticketActions.accept")}
        </Button>
      );
    case "reopen":
      return (
        <Button
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
        <Button size="small" icon={<CloseIcon size={16} />} onPress={commands.ignore} data-testid="ticket-ignore">
          {t("ticketActions.ignore")}
        </Button>
      );
    case "resolve":
      if (!farewell) {
        return (
          <Button
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
        <MenuTrigger>
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
}

/** The menu items of the actions that are not buttons ('more' menu). */
export function moreMenuItems(inMenu: TicketAction[], farewell: boolean, t: TFunction) {
  return inMenu.flatMap((action) => {
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
}
