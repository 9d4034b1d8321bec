// Who may remove a ticket note: its author, or an admin of the company.
import type { Actor } from "../auth/authenticate.ts";

export function canDeleteTicketNote(actor: Actor, note: { userId: number | null }): boolean {
  return actor.profile === "admin" || (note.userId !== null && note.userId === actor.id);
}
