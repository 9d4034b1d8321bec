// Queue integrations and AI prompts (spec 2 §3 Integration, Prompt; decision 0056), with the runtime's steps
// (what the inbound path leaves for the channel worker) and each ticket's Typebot session.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Flow } from "./flows.ts";
import { Company } from "./tenancy.ts";
import { Ticket } from "./tickets.ts";
import { Queue } from "./users.ts";

export const QueueIntegration = defineEntity({
  name: "QueueIntegration",
  tableName: "queue_integrations",
  indexes: [{ name: "queue_integrations_company_name", properties: ["companyId", "name"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    type: p.text(),
    name: p.text(),
    projectName: p.text().nullable(),
    jsonContent: p.text().nullable(),
    language: p.text().nullable(),
    urlN8N: p.text().fieldName("url_n8n").nullable(),
    typebotSlug: p.text().nullable(),
    typebotExpires: p.integer().default(1),
    typebotDelayMessage: p.integer().default(1000),
    typebotKeywordFinish: p.text().nullable(),
    typebotKeywordRestart: p.text().nullable(),
    typebotRestartMessage: p.text().nullable(),
    typebotUnknownMessage: p.text().nullable(),
    /** flowbuilder: the flow it starts on the ticket (decision 0061). */
    flowId: p.manyToOne(Flow).mapToPk().joinColumn("flow_id").deleteRule("set null").nullable(),
    /** The HMAC key of the webhook and n8n posts (decision 0056), made by the server. */
    signingSecret: p.text(),
    ...timestamps(),
  },
});
export type IQueueIntegration = InferEntity<typeof QueueIntegration>;

export const Prompt = defineEntity({
  name: "Prompt",
  tableName: "prompts",
  indexes: [{ name: "prompts_company_queue", properties: ["companyId", "queueId"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    prompt: p.text(),
    voice: p.text().default("texto"),
    voiceKey: p.text().nullable(),
    voiceRegion: p.text().nullable(),
    maxTokens: p.integer().default(100),
    temperature: p.float().default(1),
    apiKey: p.text(),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("set null").nullable(),
    maxMessages: p.integer().default(10),
    ...timestamps(),
  },
});
export type IPrompt = InferEntity<typeof Prompt>;

/** One thing the worker does for a ticket: post a webhook, talk to Typebot or OpenAI, or say a delayed text. */
export const IntegrationStep = defineEntity({
  name: "IntegrationStep",
  tableName: "integration_steps",
  indexes: [
    { name: "integration_steps_ticket", properties: ["ticketId", "id"] },
    { name: "integration_steps_due", properties: ["nextAttemptAt", "id"], where: "state = 'pending'" },
  ],
  properties: {
    id: p.bigint("number").primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade"),
    kind: p.text(),
    integrationId: p.integer().nullable(),
    promptId: p.integer().nullable(),
    /** A flowBot step: the flow run whose TypeBot or OpenAI node talks, and the run's step it was written at. */
    flowRunId: p.integer().nullable(),
    flowStep: p.integer().nullable(),
    body: p.text().default(""),
    state: p.text().default("pending"),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw("now()"),
    lastError: p.text().nullable(),
    createdAt: createdAt(),
    doneAt: p.datetime().nullable(),
  },
});
export type IIntegrationStep = InferEntity<typeof IntegrationStep>;

export const IntegrationSession = defineEntity({
  name: "IntegrationSession",
  tableName: "integration_sessions",
  properties: {
    companyId: parentKey(Company, "company_id"),
    ticketId: parentKey(Ticket, "ticket_id"),
    /** The queue the session belongs to: a ticket moved to another queue meets that queue's bots afresh. */
    queueId: p.integer().nullable(),
    integrationId: p.integer().nullable(),
    /** Typebot's session id; null once finished or for an OpenAI prompt. */
    sessionId: p.text().nullable(),
    /** The choices of Typebot's last question, to tell an answer it cannot take (typebotUnknownMessage). */
    choices: p.json<string[]>().nullable(),
    /** The bot handed the ticket over to a person: no bot answers it again in this queue. */
    finished: p.boolean().default(false),
    updatedAt: p.datetime().defaultRaw("now()"),
  },
});
export type IIntegrationSession = InferEntity<typeof IntegrationSession>;
