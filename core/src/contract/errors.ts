// The closed list of error codes of spec 1 §8 (and the ones later specs add),
// shared by the API, the sync push and the PWA's translations.
export const ERROR_CODES = [
  "ERR_NO_OTHER_WHATSAPP",
  "ERR_NO_DEF_WAPP_FOUND",
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_WAPP_CHECK_CONTACT",
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_WAPP_DOWNLOAD_MEDIA",
  "ERR_INVALID_CREDENTIALS",
  "ERR_SENDING_WAPP_MSG",
  "ERR_DELETE_WAPP_MSG",
  "ERR_OTHER_OPEN_TICKET",
  "ERR_SESSION_EXPIRED",
  "ERR_USER_CREATION_DISABLED",
  "ERR_NO_PERMISSION",
  "ERR_DUPLICATED_CONTACT",
  "ERR_NO_SETTING_FOUND",
  "ERR_NO_CONTACT_FOUND",
  "ERR_NO_TICKET_FOUND",
  "ERR_NO_USER_FOUND",
  "ERR_NO_WAPP_FOUND",
  "ERR_CREATING_MESSAGE",
  "ERR_CREATING_TICKET",
  "ERR_FETCH_WAPP_MSG",
  "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  "ERR_WAPP_GREETING_REQUIRED",
  "ERR_OUT_OF_HOURS",
  // Not in the spec's table; needed by the transport itself.
  "ERR_VALIDATION",
  "ERR_NOT_FOUND",
  "ERR_INVALID_SIGNATURE",
  // 403 for an access token that does not verify (expired): the client refreshes it and retries.
  "ERR_INVALID_TOKEN",
  "ERR_SUBSCRIPTION_EXPIRED",
  // Users, queues, connections, plans (docs/decisions/0012-settings.md lists when each answers).
  "ERR_EMAIL_ALREADY_EXISTS",
  "ERR_PLAN_LIMIT_REACHED",
  "ERR_NO_QUEUE_FOUND",
  "ERR_QUEUE_NAME_ALREADY_EXISTS",
  "ERR_WAPP_NAME_ALREADY_EXISTS",
  "ERR_WAPP_PHONE_NUMBER_ID_IN_USE",
  // Audio transcription (GET /messages/transcribeAudio/{id}).
  "ERR_AUDIO_NOT_TRANSCRIBABLE",
  "ERR_TRANSCRIPTION_NOT_CONFIGURED",
  "ERR_TRANSCRIPTION_FAILED",
  "ERR_INVALID_TRANSCRIPTION_DATA",
  // A queued media message whose stored file is gone: the channel worker cannot send it.
  "ERR_MEDIA_NOT_FOUND",
  // A queued media message whose file the channel would not take after several uploads.
  "ERR_MEDIA_UPLOAD_FAILED",
  "ERR_INTERNAL",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body every part of the API answers with. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  /** Field errors for ERR_VALIDATION, keyed by dotted path. */
  fields?: Record<string, string>;
  /** Extra data some codes carry (ERR_OTHER_OPEN_TICKET names the holder). */
  data?: Record<string, unknown>;
};
