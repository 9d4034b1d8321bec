// The contract between the channel worker and one channel session (a WhatsApp
// connection through the Cloud API or Baileys, a Facebook page, an Instagram
// account). The outbound sender and the lease manager only speak this.
import type { ConnectionProblemReason } from "@chatflow/core/contract/connection-state.ts";
import type { ConnectionSessionAction } from "@chatflow/core/contract/topics.ts";
import type { InboundEvent } from "@chatflow/core/messages/ingest.ts";

/** whatsapps.channel values. */
/** A sent message whose edit or delete is still to be told to the channel (outbound-store.ts finds them). */
export type Amendment = { id: string; to: string; remoteId: string; body: string; edit: boolean; delete: boolean };

export type Channel = "whatsapp" | "whatsappapi" | "facebook" | "instagram";

/** The connection states the connections page shows (whatsapps.status). */
export type ConnectionStatus = "OPENING" | "qrcode" | "PAIRING" | "CONNECTED" | "DISCONNECTED" | "TIMEOUT";

/** One whatsapps row, as an adapter needs it. */
export type ChannelConnection = {
  id: number;
  companyId: number;
  name: string;
  channel: Channel;
  /** Cloud API: the sending phone number's id. */
  phoneNumberId: string | null;
  /** Cloud API / Graph API: the system user or page token. */
  accessToken: string | null;
  /** Baileys: the stored session (auth state). */
  token: string | null;
  /** Facebook and Instagram: the page the Send API sends as. */
  pageId?: string | null;
};

/** A queued message handed to an adapter. */
export type OutboundMessage = {
  /** messages.id (UUIDv7): adapters that can choose the channel's message id use it as the idempotency key. */
  id: string;
  companyId: number;
  ticketId: number;
  /** The contact's number or channel user id. */
  to: string;
  body: string;
  /** messages.media_type: "chat" for text, image/audio/video/application, contactMessage, listMessage... */
  mediaType: string;
  /** messages.media_url: the stored file (/media/{companyId}/{file}) of a media message. */
  mediaUrl: string | null;
  /** messages.data_json: a contact card's or an interactive message's payload. */
  dataJson: unknown;
  /** A forwarded copy (POST /message/forward): copies go out at least FORWARD_SPACING_MS apart (spec 1 §4). */
  isForwarded?: boolean;
  /** The channel's id of the quoted message, when the reply quotes one that has reached the channel. */
  quotedRemoteId: string | null;
  /** The quoted message (messages.quoted_msg_id), reached the channel or not: a quote without a remote id goes unsaid. */
  quotedMsgId?: string | null;
  /**
   * Which try this send is, 1 for the first (messages.send_attempts once it is 'sending'). Every
   * earlier hand-over counts, also probes of a connection that was down. Absent: the first.
   */
  attempt?: number;
};

export type SendResult = {
  /** The channel's id of the sent message (wamid, Baileys key id): becomes messages.remote_id. */
  remoteId: string;
};

/** Why a connection is down, as an adapter reports it (whatsapps.status_reason without its `since`). */
export type StatusProblem = { reason: ConnectionProblemReason; detail: string; retryAt?: string | null };

/** What an adapter reports back to the worker. */
export type AdapterEvents = {
  /**
   * Inbound messages and acks in core's shape; resolves once they are committed, so an adapter
   * acknowledges to its channel only after that (Baileys messages, acks, history sync).
   */
  onInbound(events: InboundEvent[]): Promise<unknown>;
  /**
   * A status change; `qr` while pairing; `problem` says why it is down (decision 0093), written beside the status
   * for the Graph API channels by the supervisor. CONNECTED wakes the sender at once.
   */
  onStatus(status: ConnectionStatus, detail?: { qr?: string; error?: string; problem?: StatusProblem }): void;
};

export type ChannelAdapter = {
  readonly connectionId: number;
  /**
   * True when resending the same OutboundMessage.id can never deliver twice (the channel
   * dedupes on an id we choose). The Cloud API has no such key: false.
   */
  readonly idempotentSend: boolean;
  /** Opens the session (socket, pairing); resolves once started, not necessarily connected. */
  start(): Promise<void>;
  /** Closes the session; no send is in flight when the worker calls it. */
  stop(): Promise<void>;
  /** The current health, as last reported through onStatus. */
  status(): ConnectionStatus;
  /** Sends one message; throws SendError on failure. */
  send(message: OutboundMessage): Promise<SendResult>;
  /**
   * An admin's session request (core's CONNECTION_SESSION_CHANNEL): only adapters with a session to pair
   * (Baileys) have it; the worker calls it for the connections it holds.
   */
  request?(action: ConnectionSessionAction, pairingPhoneNumber?: string): Promise<void>;
  /**
   * Tells the channel an agent edited or deleted a message it already has (channels that support it: Baileys);
   * throws SendError like send.
   */
  amend?(amendment: Amendment): Promise<void>;
};

export type AdapterFactory = (connection: ChannelConnection, events: AdapterEvents) => ChannelAdapter;
