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

type Count = { value: number; atLeast?: boolean };

/**
 * Whether the counts can decide the tab to open on: both read, and neither a lower bound that could still change
 * the answer (an Atendendo of "at least 0" from a replica still pulling may hold tickets; an Aguardando of "at least
 * 0" may too). A lower bound above zero is enough to say a tab has tickets. Deciding on a replica's first, partial
 * counts kept the list on its remembered tab while conversations waited (a CI run under load caught it).
 */
export function tabCountsDecide(counts: { open?: Count; pending?: Count }): boolean {
  const { open, pending } = counts;
  if (!open || !pending) return false;
  // Someone is attended: the answer is "keep the tab" whatever Aguardando holds.
  if (open.value > 0) return true;
  return !open.atLeast && (pending.value > 0 || !pending.atLeast);
}
