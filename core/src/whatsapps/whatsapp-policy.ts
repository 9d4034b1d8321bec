// Who may do what to a connection: every member reads the company's connections
// (selectors, ticket filters); adding, editing and deleting them is the admin's
// (spec 1 §6: connections-page:addConnection). The external API token is shown
// to admins only: it sends messages in the company's name.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../http/errors.ts";

export type WhatsappAction = "read" | "readToken" | "create" | "update" | "delete";

export function canWhatsapp(actor: Actor, action: WhatsappAction): boolean {
  return action === "read" || actor.profile === "admin";
}

export function authorizeWhatsapp(actor: Actor, action: WhatsappAction): void {
  if (!canWhatsapp(actor, action)) throw noPermission();
}
