// The closed list of error codes of spec 1 §8 (and the ones later specs add),
// each with the one HTTP status it answers with. Shared by the API, the sync
// push and the PWA's translations; only core's errorHandler reads the status.
export const ERROR_STATUS = {
  // Spec 1 §8.
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 502,
  // A send whose outcome is unknown (no answer after the request left, a worker that died mid-send): failed, not
  // resent, since the contact may have it; a retry may deliver it twice (decisions 0042, 0053).
  ERR_SEND_OUTCOME_UNKNOWN: 502,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 409,
  ERR_CREATING_TICKET: 409,
  ERR_FETCH_WAPP_MSG: 404,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 409,
  // Not-found codes for the records the spec's table does not name, one per entity.
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_TAG_FOUND: 404,
  ERR_NO_NOTE_FOUND: 404,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_NO_MEDIA_FOUND: 404,
  ERR_NO_IMPORT_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  // A path no route answers.
  ERR_NOT_FOUND: 404,
  // The request is well formed but the record is in a state that does not allow it
  // (reply on a closed ticket, close of a closed ticket, a ticket with no connection).
  ERR_WRONG_STATE: 409,
  // The transport's own.
  ERR_VALIDATION: 400,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_INVALID_SIGNATURE: 401,
  // An access token that does not verify (expired): the client refreshes it and retries.
  ERR_INVALID_TOKEN: 403,
  // The external messages API (spec 3 §7): no connection token, or one no connection has (decision 0077).
  ERR_INVALID_API_TOKEN: 401,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  // Users, queues, connections, plans (docs/decisions/0012-settings.md lists when each answers).
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_PLAN_LIMIT_REACHED: 409,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  ERR_TAG_ALREADY_EXISTS: 409,
  ERR_WAPP_NAME_ALREADY_EXISTS: 409,
  ERR_WAPP_PHONE_NUMBER_ID_IN_USE: 409,
  // Meta's Graph API could not be asked to confirm a Cloud API phone number id (docs/decisions/0027).
  ERR_GRAPH_API_UNAVAILABLE: 502,
  // Audio transcription (GET /messages/transcribeAudio/{id}).
  ERR_AUDIO_NOT_TRANSCRIBABLE: 400,
  ERR_TRANSCRIPTION_NOT_CONFIGURED: 503,
  // A REST write to a co-edited document (quick messages) while the sync server is unreachable (decision 0048).
  ERR_SYNC_UNAVAILABLE: 503,
  // PostgreSQL cannot be reached (or is shutting down): retry after Retry-After's seconds (issue 23).
  ERR_DATABASE_UNAVAILABLE: 503,
  ERR_TRANSCRIPTION_FAILED: 502,
  ERR_INVALID_TRANSCRIPTION_DATA: 400,
  // A queued media message whose stored file is gone: the channel worker cannot send it.
  ERR_MEDIA_NOT_FOUND: 409,
  // A queued media message whose file the channel would not take after several uploads.
  ERR_MEDIA_UPLOAD_FAILED: 502,
  // Outside Meta's 24-hour messaging window: a Facebook/Instagram send Meta refused (decision 0052), or a free-form
  // reply core refuses on a Cloud API, Facebook or Instagram ticket whose contact has not written in 24 hours
  // (decision 0053; on the Cloud API only an approved template may go out).
  ERR_OUTSIDE_MESSAGING_WINDOW: 409,
  // A contacts spreadsheet upload while the company's previous import still runs (docs/decisions/0021).
  ERR_IMPORT_IN_PROGRESS: 409,
  // Invoices and checkout (spec 3 §7; decision 0079): the invoice, no Pix credentials set, the Pix API failed.
  ERR_NO_INVOICE_FOUND: 404,
  ERR_PAYMENT_NOT_CONFIGURED: 503,
  ERR_PAYMENT_PROVIDER_FAILED: 502,
  // A password reset code asked while the installation has no mail server (SMTP_URL unset; decision 0104): answered
  // before any account is looked up, so it tells nothing about the e-mail.
  ERR_MAIL_NOT_CONFIGURED: 503,
  // Two-factor sign-in (decision 0113): a wrong or already used code (or password, to turn it off), answered 400 and
  // not 401, which would end a signed-in person's session; the login's second step outlived or spent; turning it
  // off while the company or the platform requires it.
  ERR_INVALID_TWO_FACTOR_CODE: 400,
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  ERR_TWO_FACTOR_REQUIRED: 409,
  ERR_INTERNAL: 500,
} as const satisfies Record<`ERR_${string}`, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The HTTP status a code answers with: the table above is the only place that decides it. */
export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The one error body every part of the API answers with. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  /** Field errors for ERR_VALIDATION, keyed by dotted path. */
  fields?: Record<string, string>;
  /** Extra data some codes carry (ERR_OTHER_OPEN_TICKET names the holder). */
  data?: Record<string, unknown>;
};
