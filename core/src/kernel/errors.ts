// One error type with a code from the closed list of contract/errors.ts and one named factory per code.
// Every layer throws these; only the transport's error handler (http/error-handler.ts) picks the status.

import type { z } from "zod";
import type { ErrorBody, ErrorCode } from "../contract/errors.ts";
import { EMAIL_UNAVAILABLE_MESSAGE } from "../contract/users.ts";

type ErrorExtra = { data?: Record<string, unknown>; fields?: Record<string, string> };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data?: Record<string, unknown>;
  readonly fields?: Record<string, string>;
  constructor(code: ErrorCode, message?: string, extra: ErrorExtra = {}) {
    super(message ?? code);
    this.code = code;
    this.data = extra.data;
    this.fields = extra.fields;
  }
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.code, message: this.message };
    if (this.data) body.data = this.data;
    if (this.fields) body.fields = this.fields;
    return body;
  }
}

// Not found, one code per entity (spec 1 §8 names five; the others follow its spelling).
export const ticketNotFound = () => new AppError("ERR_NO_TICKET_FOUND", "Ticket not found");
export const contactNotFound = () => new AppError("ERR_NO_CONTACT_FOUND", "Contact not found");
export const userNotFound = () => new AppError("ERR_NO_USER_FOUND", "User not found");
export const whatsappNotFound = () => new AppError("ERR_NO_WAPP_FOUND", "Connection not found");
export const defaultWhatsappNotFound = () => new AppError("ERR_NO_DEF_WAPP_FOUND", "No default connection");
export const settingNotFound = (key: string) => new AppError("ERR_NO_SETTING_FOUND", `No setting named ${key}`);
export const queueNotFound = () => new AppError("ERR_NO_QUEUE_FOUND", "Queue not found");
export const companyNotFound = () => new AppError("ERR_NO_COMPANY_FOUND", "Company not found");
export const outOfHours = () => new AppError("ERR_OUT_OF_HOURS", "Outside office hours");
/** An option of a queue's chatbot tree: part of the queue, so the queue's code (decision 0041). */
/** ERR_NOT_FOUND, as for schedules: the spec names no code for a missing chatbot option. */
export const queueOptionNotFound = () => new AppError("ERR_NOT_FOUND", "Chatbot option not found");
export const tagNotFound = () => new AppError("ERR_NO_TAG_FOUND", "Tag not found");
/** ERR_NOT_FOUND: a code of its own needs its texts in the four locale files (decision 0037). */
export const scheduleNotFound = () => new AppError("ERR_NOT_FOUND", "Schedule not found");
export const flowNotFound = () => new AppError("ERR_NOT_FOUND", "Flow not found");
export const flowCampaignNotFound = () => new AppError("ERR_NOT_FOUND", "Phrase campaign not found");
/** A chat the caller is not a member of answers as a missing one (decision 0073). */
export const chatNotFound = () => new AppError("ERR_NOT_FOUND", "Chat not found");
/** A plan flag the company lacks (spec 3 §9: the page refuses with this text). */
export const planFeatureMissing = () =>
  new AppError(
    "ERR_NO_PERMISSION",
    "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
  );
export const noteNotFound = () => new AppError("ERR_NO_NOTE_FOUND", "Note not found");
export const messageNotFound = () => new AppError("ERR_NO_MESSAGE_FOUND", "No message found with this ID.");
export const mediaNotFound = () => new AppError("ERR_NO_MEDIA_FOUND", "Media not found");
export const importNotFound = () => new AppError("ERR_NO_IMPORT_FOUND", "Import not found");
export const routeNotFound = () => new AppError("ERR_NOT_FOUND", "Not found");

// Who may do what.
export const noPermission = (message = "No permission") => new AppError("ERR_NO_PERMISSION", message);
export const sessionExpired = (message = "Session expired, please log in") =>
  new AppError("ERR_SESSION_EXPIRED", message);
export const invalidToken = () =>
  new AppError("ERR_INVALID_TOKEN", "Invalid token. We'll try to assign a new one on next request");
export const invalidCredentials = () => new AppError("ERR_INVALID_CREDENTIALS", "Invalid e-mail or password");
export const invalidSignature = () => new AppError("ERR_INVALID_SIGNATURE", "Invalid signature");
export const userCreationDisabled = () => new AppError("ERR_USER_CREATION_DISABLED", "User creation is disabled");
/** The external messages API's bearer token names no connection (decision 0077). */
export const invalidApiToken = () => new AppError("ERR_INVALID_API_TOKEN", "Invalid or missing connection token");
export const subscriptionExpired = (dueDate: string) =>
  new AppError("ERR_SUBSCRIPTION_EXPIRED", `Subscription expired on ${dueDate}`, { data: { dueDate } });
export const tooManyRequests = (message = "Too many requests, try again later", retryAfterSeconds?: number) =>
  new AppError("ERR_TOO_MANY_REQUESTS", message, retryAfterSeconds ? { data: { retryAfterSeconds } } : {});

/** The record exists but its state does not allow the action (one code for every such case). */
export const wrongState = (message: string, data?: Record<string, unknown>) =>
  new AppError("ERR_WRONG_STATE", message, data ? { data } : {});

// Conflicts with what is stored.
export const importInProgress = (importId: number) =>
  new AppError("ERR_IMPORT_IN_PROGRESS", "A contacts import is already running", { data: { importId } });
export const duplicatedContact = () => new AppError("ERR_DUPLICATED_CONTACT", "Contact already exists");
export const emailAlreadyExists = () =>
  new AppError("ERR_EMAIL_ALREADY_EXISTS", "A user with this e-mail already exists", {
    fields: { email: "E-mail already in use" },
  });
/**
 * The e-mail is held by a user of another company: a plain validation refusal that names no one (decision 0044).
 */
export const emailUnavailable = () =>
  new AppError("ERR_VALIDATION", EMAIL_UNAVAILABLE_MESSAGE, { fields: { email: EMAIL_UNAVAILABLE_MESSAGE } });
export const isEmailUnavailable = (err: unknown) =>
  err instanceof AppError && err.code === "ERR_VALIDATION" && err.fields?.email === EMAIL_UNAVAILABLE_MESSAGE;
export const queueColorAlreadyExists = () =>
  new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", "Queue colour already in use, choose another");
export const queueNameAlreadyExists = () =>
  new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", "Queue name already in use, choose another");
export const tagAlreadyExists = () =>
  new AppError("ERR_TAG_ALREADY_EXISTS", "Tag already exists", { fields: { name: "Tag já existe" } });
export const whatsappNameAlreadyExists = () =>
  new AppError("ERR_WAPP_NAME_ALREADY_EXISTS", "A connection with this name already exists");
/** Another connection of the caller's own company holds the number (another company's never answers this). */
export const phoneNumberIdInUse = () =>
  new AppError("ERR_WAPP_PHONE_NUMBER_ID_IN_USE", "This phone number id is used by another connection");
/**
 * Meta did not confirm the phone number id for the access token. The one answer whether or not anyone else
 * holds the number, so that it never tells who our customers are (decision 0027).
 */
export const phoneNumberNotConfirmed = () =>
  invalidInput("Meta did not confirm this phone number id for this access token", "phoneNumberId");
export const graphApiUnavailable = () =>
  new AppError("ERR_GRAPH_API_UNAVAILABLE", "The Graph API could not be reached to confirm the phone number id");
/** POST /facebook: the Graph API refused the user token, or the user manages no page (decision 0052). */
export const facebookTokenRefused = () => invalidInput("Facebook did not accept this user token", "facebookUserToken");
export const facebookPagesNotFound = () => invalidInput("Facebook page not found", "facebookUserId");
/** POST /facebook: the Graph API could not be asked for the user's pages (network, timeout, 5xx, 429). */
export const facebookGraphUnavailable = () =>
  new AppError("ERR_GRAPH_API_UNAVAILABLE", "The Graph API could not be reached to list the Facebook pages");
export const noOtherWhatsapp = () => new AppError("ERR_NO_OTHER_WHATSAPP", "At least one default connection is needed");
export const whatsappGreetingRequired = () =>
  new AppError("ERR_WAPP_GREETING_REQUIRED", "Greeting message required when more than one queue exists");
export const whatsappCheckContact = () =>
  new AppError("ERR_WAPP_CHECK_CONTACT", "The number could not be checked on WhatsApp", {
    fields: { number: "Could not check the number on WhatsApp" },
  });
export const whatsappInvalidContact = (fields?: Record<string, string>) =>
  new AppError("ERR_WAPP_INVALID_CONTACT", "Not a valid WhatsApp number", fields ? { fields } : {});
export const planLimitReached = (message: string, data: Record<string, unknown>) =>
  new AppError("ERR_PLAN_LIMIT_REACHED", message, { data });
export const otherOpenTicket = (holder: Record<string, unknown>) =>
  new AppError("ERR_OTHER_OPEN_TICKET", "There is already an open ticket for this contact", { data: { ...holder } });
export const creatingMessage = (message: string) => new AppError("ERR_CREATING_MESSAGE", message);
export const creatingTicket = (message: string) => new AppError("ERR_CREATING_TICKET", message);

// Audio transcription.
export const audioNotTranscribable = (message: string) => new AppError("ERR_AUDIO_NOT_TRANSCRIBABLE", message);
export const transcriptionNotConfigured = () =>
  new AppError("ERR_TRANSCRIPTION_NOT_CONFIGURED", "No OpenAI key for audio transcription");
export const transcriptionFailed = (message: string) => new AppError("ERR_TRANSCRIPTION_FAILED", message);
export const invalidTranscriptionData = (message: string) => new AppError("ERR_INVALID_TRANSCRIPTION_DATA", message);

// Invoices and checkout (decision 0079).
export const invoiceNotFound = () => new AppError("ERR_NO_INVOICE_FOUND", "Invoice not found");
export const paymentNotConfigured = (message = "The Pix credentials and certificate are not set") =>
  new AppError("ERR_PAYMENT_NOT_CONFIGURED", message);
/** A provider refused or could not be reached; `status` is its HTTP answer's (absent: no answer; decision 0110). */
export const paymentProviderFailed = (message: string, status?: number) =>
  new AppError("ERR_PAYMENT_PROVIDER_FAILED", message, status ? { data: { providerStatus: status } } : {});

// Outgoing e-mail (decision 0104).
export const mailNotConfigured = () =>
  new AppError("ERR_MAIL_NOT_CONFIGURED", "No mail server is set up (SMTP_URL): the code cannot be sent");

// Two-factor sign-in (decision 0113).
export const invalidTwoFactorCode = () =>
  new AppError("ERR_INVALID_TWO_FACTOR_CODE", "Invalid or already used code (or password)");
export const twoFactorChallengeExpired = () =>
  new AppError("ERR_TWO_FACTOR_CHALLENGE_EXPIRED", "The sign-in took too long or was tried too often: sign in again");
export const twoFactorRequired = () =>
  new AppError("ERR_TWO_FACTOR_REQUIRED", "Two-factor sign-in is required for this account");

// Input the transport or a rule refuses.
/** A validation error on one field, or on the request as a whole when no field is named. */
export const invalidInput = (message: string, field?: string) =>
  new AppError("ERR_VALIDATION", message, field ? { fields: { [field]: message } } : {});
/** A validation error on several fields; the first one's message is the error's. */
export const invalidFields = (fields: Record<string, string>) =>
  new AppError("ERR_VALIDATION", Object.values(fields)[0] ?? "Invalid request", { fields });
export const payloadTooLarge = (message = "Request body too large") => new AppError("ERR_PAYLOAD_TOO_LARGE", message);
export const unsupportedMediaType = (message = "Unsupported content type or encoding") =>
  new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", message);

/** A bug: what the caller sees of any error that is not one of ours. */
export const internalError = () => new AppError("ERR_INTERNAL", "An error occurred!");

export const ValidationError = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  const first = error.issues[0]?.message ?? "Invalid request";
  return new AppError("ERR_VALIDATION", first, { fields });
};

/** Parses input with a contract schema, answering 400 ERR_VALIDATION on failure. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError(result.error);
  return result.data;
}

/**
 * PostgreSQL's data exceptions that only bad input causes: text for a number (22P02), a number
 * out of range (22003), an impossible date or time (22007, 22008), a byte sequence or NUL it
 * cannot store (22021, 22P05), text longer than its column (22001).
 */
const INPUT_DATA_ERRORS = new Set(["22P02", "22003", "22007", "22008", "22021", "22P05", "22001"]);

/** A database error caused by input the contract should have refused: the last guard, 400 not 500. */
export function inputDataError(err: unknown): AppError | undefined {
  if (!err || typeof err !== "object") return undefined;
  // pg's DatabaseError carries the SQLSTATE as code (with a severity); MikroORM's wrapper as sqlState.
  const e = err as { code?: unknown; severity?: unknown; sqlState?: unknown };
  const state = typeof e.sqlState === "string" ? e.sqlState : e.severity !== undefined ? e.code : undefined;
  return typeof state === "string" && INPUT_DATA_ERRORS.has(state) ? invalidInput("Invalid value") : undefined;
}

// Co-edited documents written through the sync server (decision 0048).
export const syncUnavailable = () => new AppError("ERR_SYNC_UNAVAILABLE", "The sync server did not answer");
/** ERR_NOT_FOUND, as for schedules: the spec names no code for a missing quick message. */
export const quickMessageNotFound = () => new AppError("ERR_NOT_FOUND", "Quick message not found");
