// What the shortcuts, the palette and the cheat sheet share: whether the palette or the sheet is open, and the
// actions the open ticket allows (published by open-ticket-actions.tsx while a conversation is on screen).
import { atom, getDefaultStore } from "jotai";
import { offersFarewell, type RulesUser, ticketActions } from "../tickets/ticket-rules.ts";

/** An action on the open ticket, as the palette lists it and the shortcuts run it. */
export type TicketCommandId =
  | "accept"
  | "reopen"
  | "returnToQueue"
  | "transfer"
  | "resolveFarewell"
  | "resolve"
  | "ignore"
  | "delete"
  | "contactDrawer";

/** The palette's reach: everything, or only the ways to resolve (Alt+E when the farewell is a choice). */
export type PaletteScope = "all" | "resolve";

export type OpenTicket = {
  uuid: string;
  contactName: string;
  /** The actions this ticket's state and the person's role allow, in the header's order. */
  commands: TicketCommandId[];
  /** Whether resolving offers the farewell (two ways to resolve). */
  farewell: boolean;
  run: (id: TicketCommandId) => void;
};

export const paletteAtom = atom<PaletteScope | null>(null);
export const cheatSheetAtom = atom(false);
export const openTicketAtom = atom<OpenTicket | null>(null);

/**
 * The open ticket's actions, from the same rules as the header's bar (ticket-rules.ts): resolve splits in two when
 * the farewell is a choice; the contact drawer is there for every ticket.
 */
export function ticketCommandIds(
  ticket: Parameters<typeof ticketActions>[0],
  user: RulesUser,
): { commands: TicketCommandId[]; farewell: boolean } {
  const farewell = offersFarewell(ticket);
  const commands = ticketActions(ticket, user).flatMap((a): TicketCommandId[] => {
    if (a === "resolve") return farewell ? ["resolveFarewell", "resolve"] : ["resolve"];
    return [a];
  });
  return { commands: [...commands, "contactDrawer"], farewell };
}

/** The palette's actions of a scope. */
export function commandsInScope(ticket: OpenTicket | null, scope: PaletteScope): TicketCommandId[] {
  if (!ticket) return [];
  if (scope === "resolve") return ticket.commands.filter((c) => c === "resolve" || c === "resolveFarewell");
  return ticket.commands;
}

/** Opens the command palette from anywhere (a menu item on a phone, for instance). */
export function openCommandPalette(): void {
  getDefaultStore().set(paletteAtom, "all");
}
