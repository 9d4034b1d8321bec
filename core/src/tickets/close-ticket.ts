// Use case: resolve a ticket (spec 1 §4): open/group → closed, with the farewell
// when asked; a pending one closes the same way for admins and users with
// showDashboard. With company setting userRating on, an attended ticket waits
// for the contact's rating as 'nps' instead (docs/decisions/0009).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TResolveTicketArgs } from "../contract/tickets.ts";
import { TAG_REQUIRED_MESSAGE } from "../contract/tickets.ts";
import { invalidInput } from "../kernel/errors.ts";
import { getCompanySettings, isOn } from "../settings/company-settings.ts";
import { recordClosedByAgent } from "./closed-by-agent.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";
import { ignoreLockedTicket } from "./ignore-ticket.ts";
import { sendFarewell, sendRatingRequest } from "./ticket-messages.ts";
import { authorize } from "./ticket-policy.ts";

/** 400 unless the contact has a tag, when company setting requiredTag is on. */
async function assertTaggedWhenRequired(
  client: pg.ClientBase,
  companyId: number,
  contactId: number,
  requiredTag: string,
): Promise<void> {
  if (!isOn(requiredTag)) return;
  const { rowCount } = await client.query(
    "SELECT 1 FROM contact_tags WHERE contact_id = $1 AND company_id = $2 LIMIT 1",
    [contactId, companyId],
  );
  if (!rowCount) throw invalidInput(TAG_REQUIRED_MESSAGE, "tags");
}

export async function resolveTicket(client: pg.ClientBase, actor: Actor, args: TResolveTicketArgs): Promise<void> {
  const ticket = await findVisibleTicket(client, actor, args.ticketId, { lock: true });
  // Closing a closed ticket (a second tab, a replayed push) is already done.
  if (ticket.status === "closed") return;
  // lgpd tickets (waiting for consent) only leave by "ignore" (spec 1 §4).
  if (ticket.status === "lgpd") return ignoreLockedTicket(client, actor, ticket);
  authorize(actor, ticket.status === "pending" ? "closePending" : "resolve");
  const settings = await getCompanySettings(client, actor.companyId);
  await assertTaggedWhenRequired(client, actor.companyId, ticket.contactId, settings.requiredTag);
  // The farewell leaves while the ticket is still in progress.
  if (args.sendFarewellMessage === true) await sendFarewell(client, actor, ticket);
  const attended = ticket.status === "open" || ticket.status === "group";
  const status = attended && isOn(settings.userRating) ? "nps" : "closed";
  // Asked while the ticket is still in progress; the answer arrives through ingest.
  if (status === "nps") await sendRatingRequest(client, actor, ticket);
  // rating_asked_at starts the connection's expiresTicketNPS window (expire-ratings.ts).
  await client.query(
    `UPDATE tickets SET status = $2, closed_at = CASE WHEN $2 = 'closed' THEN now() END,
       rating_asked_at = CASE WHEN $2 = 'nps' THEN now() ELSE rating_asked_at END,
       amount_used_bot_queues_nps = CASE WHEN $2 = 'nps' THEN 1 ELSE amount_used_bot_queues_nps END,
       updated_at = now() WHERE id = $1 AND company_id = $3`,
    [ticket.id, status, actor.companyId],
  );
  await recordClosedByAgent(client, actor, ticket);
}
