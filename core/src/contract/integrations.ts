// Queue integrations (spec 2 §2 /queue-integration, §3 Integration, §5, §7 Integrations; decision 0056): the
// outside services a queue or a chatbot option hands a conversation to. The PWA's form validates with these
// same schemas, so the API and the form answer the same texts.
import { z } from "zod";
import { zId } from "./ids.ts";

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
/** Dialogflow's languages (spec 2 §9). */
export const DIALOGFLOW_LANGUAGES = ["pt-BR", "en", "es"] as const;
/** Rows per page of GET /queueIntegration. */
export const INTEGRATIONS_PAGE_SIZE = 20;
/** Spec 2 §9 Typebot defaults. */
export const TYPEBOT_DEFAULT_DELAY_MS = 1000;
export const TYPEBOT_DEFAULT_EXPIRES = 1;
/** The longest Dialogflow credentials file kept (a service account JSON is about 2.5 kB). */
export const JSON_CONTENT_MAX = 20_000;

const required = "Required";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);
const text = (max: number) => z.string().trim().max(max, "Too Long!").nullable().default(null);

/**
 * What a URL naming a loopback, private or link-local address answers when saved (decision 0118); the runtime
 * checks the address again on every call, as a name may resolve elsewhere later.
 */
export const PRIVATE_URL_MESSAGE = "Private addresses are not allowed";

/** An http(s) URL; where it may point (no private addresses in production) is checked at save and by the runtime. */
export const zIntegrationUrl = z
  .string()
  .trim()
  .max(2048, "Too Long!")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "Invalid URL");

/** A Typebot public id: what follows /typebots/ in its API (letters, digits, - and _). */
const zTypebotSlug = z
  .string()
  .trim()
  .max(200, "Too Long!")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid slug");

export const ZQueueIntegrationRequestSchema = z
  .object({
    /** Which service (spec 2 §3). */
    type: z.enum(INTEGRATION_TYPES, { error: required }),
    /** The name shown in the list and the selects, 2 to 50 characters (spec 2 §5). */
    name: z.string({ error: isAbsent }).trim().min(1, required).min(2, "Too Short!").max(50, "Too Long!"),
    /** Dialogflow: the Google Cloud project. */
    projectName: text(200),
    /** Dialogflow: the service account's JSON credentials. */
    jsonContent: text(JSON_CONTENT_MAX),
    /** Dialogflow: the language intents are detected in. */
    language: z.enum(DIALOGFLOW_LANGUAGES).nullable().default(null),
    /** n8n and webhook: where the events are posted; typebot: the Typebot API's root (spec 2 §5: required). */
    urlN8N: zIntegrationUrl.nullable().default(null),
    /** Typebot: the bot's public id (spec 2 §5: required). */
    typebotSlug: zTypebotSlug.nullable().default(null),
    /** Typebot: minutes without a message after which the conversation starts over (spec 2 §9: 1). */
    typebotExpires: z.coerce.number().int().min(0).max(10_080).default(TYPEBOT_DEFAULT_EXPIRES),
    /** Typebot: milliseconds between the bot's messages (spec 2 §9: 1000). */
    typebotDelayMessage: z.coerce.number().int().min(0).max(60_000).default(TYPEBOT_DEFAULT_DELAY_MS),
    /** Typebot: the contact's word that ends the bot and hands over to an agent. */
    typebotKeywordFinish: text(100),
    /** Typebot: the contact's word that starts the bot over. */
    typebotKeywordRestart: text(100),
    /** Typebot: what the contact gets when the bot starts over. */
    typebotRestartMessage: text(1000),
    /** Typebot: what the contact gets for a message the bot cannot take (a file, an answer not offered). */
    typebotUnknownMessage: text(1000),
    /** flowbuilder: the flow started on the ticket (decision 0061); another company's answers 404. */
    flowId: zId.nullable().default(null),
    /** Ignored: always the caller's company. */
    companyId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const need = (field: "urlN8N" | "typebotSlug" | "projectName" | "jsonContent") => {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: required });
    };
    if (v.type === "typebot") {
      need("urlN8N");
      need("typebotSlug");
    }
    if (v.type === "n8n" || v.type === "webhook") need("urlN8N");
    if (v.type === "dialogflow") {
      need("projectName");
      need("jsonContent");
    }
  });
export type TQueueIntegrationRequest = z.infer<typeof ZQueueIntegrationRequestSchema>;

export const ZListIntegrationsQuerySchema = z.object({
  /** Matches the name or the type, case-insensitively. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page. */
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
});

/** POST /queueIntegration/testSession (spec 2 §7): Dialogflow credentials to check. */
export const ZTestSessionRequestSchema = z.object({
  projectName: z.string({ error: isAbsent }).trim().min(1, required).max(200, "Too Long!"),
  jsonContent: z.string({ error: isAbsent }).trim().min(1, required).max(JSON_CONTENT_MAX, "Too Long!"),
  language: z.enum(DIALOGFLOW_LANGUAGES, { error: required }),
});

/** An integration as the calls carry it (spec 2 §3 Integration). */
export type QueueIntegrationDTO = {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
  /** flowbuilder: the flow it starts (decision 0061). */
  flowId: number | null;
  /** The key the webhook and n8n posts are signed with (decision 0056), for the receiver to check them. */
  signingSecret: string;
  createdAt: string;
  updatedAt: string;
};

export type QueueIntegrationsPage = { queueIntegrations: QueueIntegrationDTO[]; count: number; hasMore: boolean };

/** The header names of a signed post (decision 0056). */
export const SIGNATURE_HEADER = "x-chatflow-signature";
export const TIMESTAMP_HEADER = "x-chatflow-timestamp";
