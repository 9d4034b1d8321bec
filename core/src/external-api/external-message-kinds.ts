// What POST /api/messages/send stores when the call names a template, a contact card or an interactive message
// instead of a text (decision 0116): the same stored shape (body, mediaType, dataJson) the composer's template
// picker, contact card and interactive dialogs make, so the channel worker sends them as it sends the agent's.
import type { Channel } from "../contract/entities.ts";
import type { TExternalSendRequest } from "../contract/external-api.ts";
import { contactCardPayload, type InteractiveMessage, interactivePayload } from "../contract/message-payloads.ts";
import type { TemplatePayload } from "../contract/message-templates.ts";
import { wrongState } from "../kernel/errors.ts";
import { templateAllowed } from "../tickets/customer-window.ts";

export type ExternalPayload = { body: string; mediaType: string; dataJson: object; preview?: string };

/** The message the call's template, contact or interactive field makes; undefined for a text (or files). */
export function externalPayload(input: TExternalSendRequest, channel: Channel): ExternalPayload | undefined {
  if (input.template) {
    // Templates are a Cloud API message type: refused elsewhere, as the composer's are (decision 0053).
    if (!templateAllowed(channel)) {
      throw wrongState("Templates are sent only on WhatsApp Cloud API connections", { channel });
    }
    const { name, language, headerParams, bodyParams } = input.template;
    const dataJson: TemplatePayload = { template: { name, language, headerParams, bodyParams } };
    // The contact gets Meta's rendering; the inbox shows the caller's text, else the template and its values.
    const values = [...headerParams, ...bodyParams];
    const shown = input.body.trim() || `${name} (${language})${values.length ? `: ${values.join(" | ")}` : ""}`;
    return { body: shown, mediaType: "template", dataJson };
  }
  if (input.contact) return contactCardPayload(input.contact);
  if (input.interactive) {
    const { type, ...request } = input.interactive;
    // No PIX here, so no payment reference to fix.
    return interactivePayload({ type, request } as InteractiveMessage, "");
  }
  return undefined;
}
