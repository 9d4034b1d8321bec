// The PostgreSQL NOTIFY channels the parts talk through: core writes, the realtime hub,
// the channel worker and the sync server listen. One name each, shared by every part.

/** A connection has queued outbound messages (payload: the connection id): its worker sends them. */
export const OUTBOUND_CHANNEL = "chatflow_outbound";
/** A session began or ended (payload: `userId:sessionId`, or `userId:` for all of a user's sessions). */
export const SESSIONS_CHANNEL = "chatflow_sessions";
/** A user, their queues, a queue or a company changed (`u:<userId>` or `c:<companyId>`; migration 0013). */
export const USERS_CHANNEL = "chatflow_users";
/**
 * A row the inbox list names changed: a tag, a connection's name, channel or group setting (`r:<companyId>`), or a
 * company setting (`s:<companyId>`); migration 0125. Core's company cache evicts (decision 0125).
 */
export const REFERENCES_CHANNEL = "chatflow_references";
/** A company's change log grew (payload: the company id): the hub pokes its clients. */
export const CHANGES_CHANNEL = "chatflow_changes";
/** A company has web push subscribers now (payload: the company id): every core's push dispatcher reads its changes. */
export const PUSH_CHANNEL = "chatflow_push";
/**
 * An admin asked for something on a connection's session (payload: JSON `ConnectionSessionRequest`): the
 * channel worker that holds (or takes) the connection's lease acts on it. Core writes it in the request's
 * transaction; the worker writes status, qrcode, pairing_code and number back to whatsapps and records a
 * change (entity "whatsapps") so screens follow.
 */
export const CONNECTION_SESSION_CHANNEL = "chatflow_connection_session";

/**
 * - start: connect with the stored session, or show a QR (or a pairing code for `pairingPhoneNumber`) without one;
 * - new-qr: forget the stored session and start over with a new QR;
 * - logout: log the session out at WhatsApp, forget it, status DISCONNECTED;
 * - restart: close the socket and connect again with the stored session.
 */
export type ConnectionSessionAction = "start" | "new-qr" | "logout" | "restart";
export type ConnectionSessionRequest = {
  whatsappId: number;
  companyId: number;
  action: ConnectionSessionAction;
  /** Digits of the phone to pair by code instead of QR (start and new-qr only). */
  pairingPhoneNumber?: string;
};

/**
 * The super user changed the platform's announcements (spec 3 §7 socket 'company-announcement'; no payload): the
 * realtime hub sends every open socket an `announcements` frame and the top bars ask again (decision 0072).
 */
export const ANNOUNCEMENTS_CHANNEL = "chatflow_announcements";

/**
 * A company's invoice was paid (payload: JSON `{ companyId, dueDate, invoiceId }`): the realtime hub sends that
 * company's sockets a `payment` frame (spec 3 §7 'company-{id}-payment', action CONCLUIDA; decision 0079).
 */
export const PAYMENTS_CHANNEL = "chatflow_payments";
