// The flow runtime's rows (decision 0054): phrase campaigns (spec 2 §3 Phrase campaign) and each ticket's run of
// a flow (where it is, its variables, what it waits for), kept in PostgreSQL so a wait survives a restart.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";
import { Whatsapp } from "./connections.ts";
import { Flow } from "./flows.ts";
import { Company } from "./tenancy.ts";
import { Ticket } from "./tickets.ts";
import { User } from "./users.ts";

export const FlowCampaign = defineEntity({
  name: "FlowCampaign",
  tableName: "flow_campaigns",
  indexes: [{ name: "flow_campaigns_company", properties: ["companyId", "id"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    name: p.text(),
    flowId: p.manyToOne(Flow).mapToPk().joinColumn("flow_id").deleteRule("cascade"),
    /** The connection whose inbound texts are matched; null matches on every connection of the company. */
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("set null").nullable(),
    phrase: p.text(),
    status: p.boolean().default(true),
    ...timestamps(),
  },
});
export type IFlowCampaign = InferEntity<typeof FlowCampaign>;

export const FlowRun = defineEntity({
  name: "FlowRun",
  tableName: "flow_runs",
  indexes: [{ name: "flow_runs_ticket", properties: ["companyId", "ticketId", "id"] }],
  uniques: [{ name: "flow_runs_running", properties: ["companyId", "ticketId"], where: "status = 'running'" }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade"),
    flowId: p.manyToOne(Flow).mapToPk().joinColumn("flow_id").deleteRule("set null").nullable(),
    /** welcome, notPhrase, campaign or integration (a queue's or chatbot option's flowbuilder integration). */
    startedBy: p.text(),
    campaignId: p.manyToOne(FlowCampaign).mapToPk().joinColumn("campaign_id").deleteRule("set null").nullable(),
    /** The node the run is at: the one it waits on, or the next to run. */
    nodeId: p.text(),
    /** The next element of a content (singleBlock) node. */
    element: p.integer().default(0),
    /** menu, question, interval, typebot or openai; null while nothing is awaited. */
    waitingFor: p.text().nullable(),
    /** Answers to question nodes by answerKey. */
    variables: p.json<Record<string, string>>().default("{}"),
    /** Bumped on every move: the idempotency key of the interval job that resumes the run. */
    step: p.integer().default(0),
    status: p.text().default("running"),
    endReason: p.text().nullable(),
    /** The Typebot session of a TypeBot node the run waits on: {sessionId, choices, updatedAt} (decision 0061). */
    botSession: p.json<{ sessionId: string; choices: string[] | null; updatedAt: string }>().nullable(),
    /** The queue whose flowbuilder integration started the run (started by "integration"): once per queue. */
    queueId: p.integer().nullable(),
    ...timestamps(),
  },
});
export type IFlowRun = InferEntity<typeof FlowRun>;
