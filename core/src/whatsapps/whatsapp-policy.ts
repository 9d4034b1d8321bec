// Who may do what to a connection: every member reads the company's connections
// (selectors, ticket filters); adding, editing, deleting them and driving their
// sessions is the admin's, and a user with allowConnections enabled counts as an
// admin for these (spec 1 §6, spec 2 §6: connections-page:addConnection). The
// external API token and the pairing QR or code are shown to those same people.
// Reaching every company's connections is the super user's alone.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type WhatsappAction = "read" | "readToken" | "create" | "update" | "delete" | "session" | "anyCompany";

type WhatsappActor = Pick<Actor, "profile" | "super" | "allowConnections">;

export function canWhatsapp(actor: WhatsappActor, action: WhatsappAction): boolean {
  if (action === "read") return true;
  if (action === "anyCompany") return actor.super;
  return actor.profile === "admin" || actor.allowConnections === "enabled";
}

export function authorizeWhatsapp(actor: WhatsappActor, action: WhatsappAction): void {
  if (!canWhatsapp(actor, action)) throw noPermission();
}
