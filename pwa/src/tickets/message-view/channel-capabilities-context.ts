// The conversation's channel capabilities (issue 22; decision 0093), provided by the message list from the ticket's
// channel: a bubble says when an edit or a delete stayed in Chat-flow because the channel cannot carry it.
import { CHANNEL_CAPABILITIES, type ChannelCapabilities } from "@chatflow/core/contract/channel-capabilities.ts";
import { createContext } from "react";

/** WhatsApp by QR code's by default: a bubble shown outside a conversation claims nothing more. */
export const ChannelCapabilitiesContext = createContext<Readonly<ChannelCapabilities>>(CHANNEL_CAPABILITIES.whatsapp);
