// The attendance panel's cards (spec 1 §2 '/moments'): one per agent with the tickets they hold, plus the Pending
// card for tickets with no agent, and who may open which ticket. Pure: the page and its test share it.
import { MOMENTS_NAME_LENGTH, MOMENTS_TEXT_LENGTH, type MomentTicket } from "@chatflow/core/contract/moments.ts";
import { listTime, truncate } from "../tickets/format.ts";
import { previewText } from "../tickets/preview-text.ts";

export type MomentCard = {
  /** "pending", or "user-{id}". */
  key: string;
  /** The agent; null for the Pending card. */
  user: { id: number; name: string } | null;
  tickets: MomentTicket[];
};

/**
 * The Pending card first (tickets with no agent, whatever their status), then one card per agent by name. Each
 * card lists its tickets as core answered them (newest first).
 */
export function momentCards(tickets: readonly MomentTicket[], collator = new Intl.Collator("pt-BR")): MomentCard[] {
  const pending: MomentTicket[] = [];
  const byUser = new Map<number, MomentCard>();
  for (const t of tickets) {
    if (!t.user) {
      pending.push(t);
      continue;
    }
    const card = byUser.get(t.user.id) ?? { key: `user-${t.user.id}`, user: t.user, tickets: [] };
    card.tickets.push(t);
    byUser.set(t.user.id, card);
  }
  const agents = [...byUser.values()].sort(
    (a, b) => collator.compare(a.user?.name ?? "", b.user?.name ?? "") || (a.user?.id ?? 0) - (b.user?.id ?? 0),
  );
  return [{ key: "pending", user: null, tickets: pending }, ...agents];
}

/** spec 1 §2: admins may open any ticket of the panel, others only their own. */
export function mayOpenTicket(ticket: MomentTicket, viewer: { id: number; profile: string }): boolean {
  return viewer.profile === "admin" || ticket.userId === viewer.id;
}

/** spec 1 §9: names at 25 characters plus an ellipsis. */
export const panelName = (name: string) => truncate(name, MOMENTS_NAME_LENGTH);
/** spec 1 §9: the ticket's text at 30 characters plus an ellipsis, its WhatsApp formatting taken off (issue 21). */
export const panelText = (text: string | null) => truncate(previewText(text), MOMENTS_TEXT_LENGTH);
/** spec 1 §9: HH:mm if today, else dd/MM/yyyy. */
export const panelTime = (iso: string, now = new Date()) => listTime(iso, now);
