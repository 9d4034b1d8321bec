// What each channel can do with a message once it has left (issue 22; decision 0093), read by the composer, the
// message menu and core's send rules, so an agent is never shown an effect the customer does not get. Each value is
// what the platform's own reference offers a business sender:
// - WhatsApp by QR code (Baileys): a sent message can be edited and deleted for everyone (protocolMessage
//   MESSAGE_EDIT and REVOKE), reactions and polls are messages of their own; no Meta templates.
// - WhatsApp Cloud API: the messages endpoint has no edit and no delete (its message types are text, media,
//   location, contacts, interactive, template and reaction; edits and revokes appear only as smb_message_echoes
//   of the WhatsApp Business app); reactions yes, polls no, approved templates yes.
// - Messenger and Instagram: the Send API has no edit and no delete of a sent message (Instagram's "unsend" is the
//   customer's, reaching us as a webhook); reactions reach us as webhooks; no polls, no templates.

import type { Channel } from "./entities.ts";

export type ChannelCapabilities = {
  /** An agent's edit reaches the customer (otherwise only Chat-flow shows the new text). */
  editForEveryone: boolean;
  /** An agent's delete removes the message from the customer's chat (otherwise only from Chat-flow). */
  deleteForEveryone: boolean;
  /** Reactions travel on the channel (the customer's reach the conversation). */
  reactions: boolean;
  /** A poll can be sent (spec 1 §1 pollCreationMessageV3). */
  polls: boolean;
  /** Meta-approved templates can be sent (the only way to write after the 24-hour window). */
  templates: boolean;
};

export const CHANNEL_CAPABILITIES: Readonly<Record<Channel, Readonly<ChannelCapabilities>>> = {
  whatsapp: { editForEveryone: true, deleteForEveryone: true, reactions: true, polls: true, templates: false },
  whatsappapi: { editForEveryone: false, deleteForEveryone: false, reactions: true, polls: false, templates: true },
  facebook: { editForEveryone: false, deleteForEveryone: false, reactions: true, polls: false, templates: false },
  instagram: { editForEveryone: false, deleteForEveryone: false, reactions: true, polls: false, templates: false },
};

/** The capabilities of a channel; an unknown one (a row from a newer server) can do nothing beyond Chat-flow. */
export function capabilitiesOf(channel: string | null | undefined): Readonly<ChannelCapabilities> {
  return (
    CHANNEL_CAPABILITIES[channel as Channel] ?? {
      editForEveryone: false,
      deleteForEveryone: false,
      reactions: false,
      polls: false,
      templates: false,
    }
  );
}
