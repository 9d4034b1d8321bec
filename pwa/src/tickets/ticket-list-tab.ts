// Which tab of the ticket list a person is shown (issue 21): the inbox opens on the tab that needs them (Aguardando
// when it has tickets and Atendendo is empty), and the list follows the open conversation to its tab (after Aceitar,
// to Atendendo, with the ticket selected).
import type { TicketStatus } from "@chatflow/core/contract/entities.ts";
import type { TicketTab } from "./ticket-list-filter.ts";

/** The tab listing tickets of this status, among the person's tabs; null when none does (nps, lgpd). */
export function tabOfStatus(status: TicketStatus, tabs: readonly TicketTab[]): TicketTab | null {
  const tab = status as TicketTab;
  return tabs.includes(tab) ? tab : null;
}

/**
 * The tab to open on, given the counts of Atendendo and Aguardando: Aguardando when conversations wait and none is
 * being attended; otherwise the tab the person left (null: keep it).
 */
export function tabThatNeedsMe(counts: { open?: { value: number }; pending?: { value: number } }): TicketTab | null {
  if (!counts.open || !counts.pending) return null;
  return counts.pending.value > 0 && counts.open.value === 0 ? "pending" : null;
}
