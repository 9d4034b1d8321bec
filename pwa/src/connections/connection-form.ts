// The connection dialog's logic (spec 2 §2 Connection dialog, §3 Connection, §5 Connection rules): the
// form's fields, which tab holds each, their check with the contract's schema and the same §5 rules core
// applies (contract: connectionSettingsErrors, botSettingsErrors), and the body of POST /whatsapp or
// PUT /whatsapp/{id}. Connections are admin REST: saving needs a connection.
import type { Channel } from "@chatflow/core/contract/entities.ts";
import { defaultQueueSchedules, type QueueSchedule } from "@chatflow/core/contract/queues.ts";
import {
  botSettingsErrors,
  CONNECTION_RULE_MESSAGES,
  connectionSettingsErrors,
  type TCreateWhatsappRequest,
  type WhatsappAnswer,
  ZCreateWhatsappRequestSchema,
} from "@chatflow/core/contract/whatsapps.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors, validationText } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { fullWeek } from "../queues/queue-form.ts";

export type ConnectionTab =
  | "general"
  | "integrations"
  | "messages"
  | "chatbot"
  | "assessments"
  | "schedules"
  | "import"
  | "flowbuilder";

export type ConnectionForm = {
  name: string;
  channel: Channel;
  isDefault: boolean;
  queueIds: number[];
  greetingMessage: string;
  farewellMessage: string;
  outOfHoursMessage: string;
  allowGroup: boolean;
  groupAsTicket: boolean;
  /** Cloud API credentials: blank keeps what is stored (they are never shown back). */
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** Cloud API: the WhatsApp Business Account (not a secret: shown back), whose templates the picker lists. */
  businessAccountId: string;
  ratingMessage: string;
  timeCreateNewTicket: string;
  expiresTicket: string;
  whenExpiresTicket: 0 | 1;
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  collectiveVacationMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  maxUseBotQueues: string;
  timeUseBotQueues: string;
  sendIdQueue: number | null;
  timeSendQueue: string;
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
  schedules: QueueSchedule[];
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  /** The default flow tab (decision 0054). */
  flowIdWelcome: number | null;
  flowIdNotPhrase: number | null;
  /** The integrations tab (decision 0062): what takes conversations waiting on the connection with no queue. */
  integrationId: number | null;
  promptId: number | null;
  /** The connection's LGPD labels (spec 2 §3; decision 0117): blank texts leave the company's. */
  lgpdLink: string;
  lgpdMessage: string;
  lgpdObfuscateDeleted: boolean;
  lgpdAlwaysConfirm: boolean;
  /** The external API token is replaced by a new one on save (PUT token null). */
  regenerateToken: boolean;
};

/** Which tab shows each field, so a refused save opens the tab with the error. */
const TAB_OF: Partial<Record<string, ConnectionTab>> = {
  ratingMessage: "messages",
  timeCreateNewTicket: "messages",
  expiresTicket: "messages",
  whenExpiresTicket: "messages",
  expiresInactiveMessage: "messages",
  timeInactiveMessage: "messages",
  inactiveMessage: "messages",
  collectiveVacationMessage: "messages",
  collectiveVacationStart: "messages",
  collectiveVacationEnd: "messages",
  maxUseBotQueues: "chatbot",
  timeUseBotQueues: "chatbot",
  sendIdQueue: "chatbot",
  timeSendQueue: "chatbot",
  expiresTicketNPS: "assessments",
  maxUseBotQueuesNPS: "assessments",
  importOldMessages: "import",
  importRecentMessages: "import",
  importOldMessagesGroups: "import",
  closedTicketsPostImported: "import",
  queueIdImportMessages: "import",
  flowIdWelcome: "flowbuilder",
  flowIdNotPhrase: "flowbuilder",
  integrationId: "integrations",
  promptId: "integrations",
  lgpdLink: "messages",
  lgpdMessage: "messages",
};

export const tabOfField = (field: string): ConnectionTab =>
  field.startsWith("schedules") ? "schedules" : (TAB_OF[field] ?? "general");

/** The contract's messages this form shows beside the shared ones (i18n keys). */
export const CONNECTION_MESSAGES: Record<string, string> = {
  [CONNECTION_RULE_MESSAGES.endBeforeStart]: "connectionsPage.validation.endBeforeStart",
  [CONNECTION_RULE_MESSAGES.dateOutOfRange]: "connectionsPage.validation.dateOutOfRange",
  "Invalid time": "queuesPage.validation.invalidTime",
  "Invalid option": "connectionsPage.validation.invalidNumber",
  "Invalid URL": "connectionsPage.validation.invalidUrl",
  "Greeting required": "connectionsPage.validation.greetingRequired",
};

export function newConnectionForm(channel: Channel, isFirst: boolean): ConnectionForm {
  return {
    name: "",
    channel,
    isDefault: isFirst,
    queueIds: [],
    greetingMessage: "",
    farewellMessage: "",
    outOfHoursMessage: "",
    allowGroup: false,
    groupAsTicket: false,
    phoneNumberId: "",
    accessToken: "",
    appSecret: "",
    verifyToken: "",
    businessAccountId: "",
    ratingMessage: "",
    timeCreateNewTicket: "0",
    expiresTicket: "0",
    whenExpiresTicket: 0,
    expiresInactiveMessage: "",
    timeInactiveMessage: "0",
    inactiveMessage: "",
    collectiveVacationMessage: "",
    collectiveVacationStart: "",
    collectiveVacationEnd: "",
    maxUseBotQueues: "3",
    timeUseBotQueues: "0",
    sendIdQueue: null,
    timeSendQueue: "0",
    expiresTicketNPS: "0",
    maxUseBotQueuesNPS: "3",
    schedules: defaultQueueSchedules(),
    importOldMessages: "",
    importRecentMessages: "",
    importOldMessagesGroups: false,
    closedTicketsPostImported: false,
    queueIdImportMessages: null,
    flowIdWelcome: null,
    flowIdNotPhrase: null,
    integrationId: null,
    promptId: null,
    lgpdLink: "",
    lgpdMessage: "",
    lgpdObfuscateDeleted: false,
    lgpdAlwaysConfirm: false,
    regenerateToken: false,
  };
}

export function connectionFormFrom(w: WhatsappAnswer): ConnectionForm {
  return {
    name: w.name,
    channel: w.channel,
    isDefault: w.isDefault,
    queueIds: w.queues.map((q) => q.id),
    greetingMessage: w.greetingMessage ?? "",
    farewellMessage: w.farewellMessage ?? "",
    outOfHoursMessage: w.outOfHoursMessage ?? "",
    allowGroup: w.allowGroup,
    groupAsTicket: w.groupAsTicket === "enabled",
    // In clear to admins (decision 0093); the access token and the app secret never come back.
    phoneNumberId: w.phoneNumberId ?? "",
    accessToken: "",
    appSecret: "",
    verifyToken: w.verifyToken ?? "",
    businessAccountId: w.businessAccountId ?? "",
    ratingMessage: w.ratingMessage ?? "",
    timeCreateNewTicket: String(w.timeCreateNewTicket),
    expiresTicket: String(w.expiresTicket),
    whenExpiresTicket: w.whenExpiresTicket,
    expiresInactiveMessage: w.expiresInactiveMessage ?? "",
    timeInactiveMessage: String(w.timeInactiveMessage),
    inactiveMessage: w.inactiveMessage ?? "",
    collectiveVacationMessage: w.collectiveVacationMessage ?? "",
    collectiveVacationStart: w.collectiveVacationStart ?? "",
    collectiveVacationEnd: w.collectiveVacationEnd ?? "",
    maxUseBotQueues: String(w.maxUseBotQueues),
    timeUseBotQueues: String(w.timeUseBotQueues),
    sendIdQueue: w.sendIdQueue,
    timeSendQueue: String(w.timeSendQueue),
    expiresTicketNPS: String(w.expiresTicketNPS),
    maxUseBotQueuesNPS: String(w.maxUseBotQueuesNPS),
    schedules: fullWeek(w.schedules ?? []),
    importOldMessages: w.importOldMessages ?? "",
    importRecentMessages: w.importRecentMessages ?? "",
    importOldMessagesGroups: w.importOldMessagesGroups,
    closedTicketsPostImported: w.closedTicketsPostImported,
    queueIdImportMessages: w.queueIdImportMessages,
    flowIdWelcome: w.flowIdWelcome ?? null,
    flowIdNotPhrase: w.flowIdNotPhrase ?? null,
    integrationId: w.integrationId ?? null,
    promptId: w.promptId ?? null,
    lgpdLink: w.lgpdLink ?? "",
    lgpdMessage: w.lgpdMessage ?? "",
    lgpdObfuscateDeleted: w.lgpdObfuscateDeleted ?? false,
    lgpdAlwaysConfirm: w.lgpdAlwaysConfirm ?? false,
    regenerateToken: false,
  };
}

const text = (s: string) => (s.trim() === "" ? null : s);
const day = (s: string) => (s === "" ? null : s);
/** A count typed as text: blank is 0; anything else that is not a whole number fails the schema. */
const count = (s: string) => (s.trim() === "" ? 0 : Number(s));

export type ConnectionRequest = Omit<TCreateWhatsappRequest, "provider">;

/**
 * The request body. The hours are sent only when the company decides hours per connection; the import
 * options only for WhatsApp-by-QR connections; Cloud API secrets only when typed (blank keeps them).
 */
export function connectionRequest(form: ConnectionForm, o: { withHours: boolean }): Partial<ConnectionRequest> {
  const body: Partial<ConnectionRequest> = {
    name: form.name,
    channel: form.channel,
    isDefault: form.isDefault,
    queueIds: form.queueIds,
    greetingMessage: text(form.greetingMessage),
    farewellMessage: text(form.farewellMessage),
    outOfHoursMessage: text(form.outOfHoursMessage),
    allowGroup: form.allowGroup,
    groupAsTicket: form.groupAsTicket ? "enabled" : "disabled",
    ratingMessage: text(form.ratingMessage),
    timeCreateNewTicket: count(form.timeCreateNewTicket),
    expiresTicket: count(form.expiresTicket),
    whenExpiresTicket: form.whenExpiresTicket,
    expiresInactiveMessage: text(form.expiresInactiveMessage),
    timeInactiveMessage: count(form.timeInactiveMessage),
    inactiveMessage: text(form.inactiveMessage),
    collectiveVacationMessage: text(form.collectiveVacationMessage),
    collectiveVacationStart: day(form.collectiveVacationStart),
    collectiveVacationEnd: day(form.collectiveVacationEnd),
    maxUseBotQueues: count(form.maxUseBotQueues),
    timeUseBotQueues: count(form.timeUseBotQueues),
    sendIdQueue: form.sendIdQueue,
    timeSendQueue: count(form.timeSendQueue),
    expiresTicketNPS: count(form.expiresTicketNPS),
    maxUseBotQueuesNPS: count(form.maxUseBotQueuesNPS),
    flowIdWelcome: form.flowIdWelcome,
    flowIdNotPhrase: form.flowIdNotPhrase,
    integrationId: form.integrationId,
    promptId: form.promptId,
    lgpdLink: form.lgpdLink.trim() || null,
    lgpdMessage: text(form.lgpdMessage),
    lgpdObfuscateDeleted: form.lgpdObfuscateDeleted,
    lgpdAlwaysConfirm: form.lgpdAlwaysConfirm,
  };
  // null asks core for a new external API token (the old one stops working).
  if (form.regenerateToken) body.token = null;
  if (o.withHours) body.schedules = form.schedules;
  if (form.channel === "whatsapp") {
    body.importOldMessages = day(form.importOldMessages);
    body.importRecentMessages = day(form.importRecentMessages);
    body.importOldMessagesGroups = form.importOldMessagesGroups;
    body.closedTicketsPostImported = form.closedTicketsPostImported;
    body.queueIdImportMessages = form.queueIdImportMessages;
  }
  if (form.channel === "whatsappapi") {
    for (const k of ["phoneNumberId", "accessToken", "appSecret", "verifyToken"] as const) {
      if (form[k].trim()) body[k] = form[k].trim();
    }
    // Shown back, so sent as it stands: emptied, it is cleared.
    body.businessAccountId = form.businessAccountId.trim() || null;
  }
  return body;
}

export type ConnectionErrors = Record<string, string>;

export type ConnectionRulesContext = {
  /** The company's userRating setting is on: the rating question and its expiry are required. */
  userRating: boolean;
  /** The company's scheduleType is connection: the hours are part of the form. */
  withHours: boolean;
  now?: Date;
};

/** Field errors of the form (translated), empty when it may be sent. */
export function validateConnectionForm(form: ConnectionForm, ctx: ConnectionRulesContext): ConnectionErrors {
  const body = connectionRequest(form, { withHours: ctx.withHours });
  const out: ConnectionErrors = {};
  const parsed = ZCreateWhatsappRequestSchema.safeParse(body);
  if (!parsed.success) Object.assign(out, fieldErrors(parsed.error, CONNECTION_MESSAGES));
  if (parsed.success) {
    const rules = {
      ...botSettingsErrors(parsed.data, ctx.userRating),
      ...connectionSettingsErrors(parsed.data, ctx.now),
    };
    Object.assign(out, serverFieldErrors(rules, CONNECTION_MESSAGES));
  }
  // Spec 2 §5: a blank name reads 'Required', not 'Too Short!'.
  if (!form.name.trim()) out.name = validationText("Required");
  // More than one queue: the greeting (the queue menu) is required (spec 1 §8).
  if (form.queueIds.length > 1 && !form.greetingMessage.trim() && !out.greetingMessage) {
    out.greetingMessage = validationText("Greeting required", CONNECTION_MESSAGES);
  }
  return out;
}

/** Spec 2 §4: saving these options on a connected session resets it (the dialog warns first). */
export function importResetsSession(form: ConnectionForm, existing: WhatsappAnswer | null): boolean {
  if (existing?.channel !== "whatsapp" || existing.status !== "CONNECTED") return false;
  if (!form.importOldMessages && !form.importRecentMessages) return false;
  return (
    form.importOldMessages !== (existing.importOldMessages ?? "") ||
    form.importRecentMessages !== (existing.importRecentMessages ?? "") ||
    form.importOldMessagesGroups !== existing.importOldMessagesGroups ||
    form.closedTicketsPostImported !== existing.closedTicketsPostImported ||
    form.queueIdImportMessages !== existing.queueIdImportMessages
  );
}

export type SaveConnectionOutcome =
  | { ok: true; connection: WhatsappAnswer }
  | { ok: false; errors: ConnectionErrors; error: unknown };

export async function saveConnection(
  api: ApiClient,
  form: ConnectionForm,
  existing: { id: number } | null,
  o: { withHours: boolean },
): Promise<SaveConnectionOutcome> {
  try {
    const body = connectionRequest(form, o);
    const connection = existing
      ? await api.put<WhatsappAnswer>(`/whatsapp/${existing.id}`, body)
      : await api.post<WhatsappAnswer>("/whatsapp", body);
    return { ok: true, connection };
  } catch (error) {
    return { ok: false, errors: errorsOf(error), error };
  }
}

function errorsOf(error: unknown): ConnectionErrors {
  if (!(error instanceof ApiError) || !error.body) return {};
  if (error.body.error === "ERR_WAPP_NAME_ALREADY_EXISTS") return { name: errorText(error) };
  if (error.body.error === "ERR_WAPP_GREETING_REQUIRED") return { greetingMessage: errorText(error) };
  if (error.body.error === "ERR_WAPP_PHONE_NUMBER_ID_IN_USE") return { phoneNumberId: errorText(error) };
  return serverFieldErrors(error.body.fields, CONNECTION_MESSAGES);
}
