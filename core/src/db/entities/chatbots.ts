// The chatbot option tree of a queue (spec 2 §3 Chatbot option): each option
// belongs to its queue's tree and, below the first level, to a parent option.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { CHATBOT_OPTION_TYPES } from "../../contract/chatbots.ts";
import { timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { Queue, User } from "./users.ts";

export const Chatbot = defineEntity({
  name: "Chatbot",
  tableName: "chatbots",
  indexes: [
    { name: "chatbots_queue", properties: ["companyId", "queueId"] },
    { name: "chatbots_parent", properties: ["chatbotId"] },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("cascade"),
    // By name (the entity refers to itself); typed as any entity since only the key is mapped.
    chatbotId: p
      .manyToOne("Chatbot" as unknown as typeof Queue)
      .mapToPk()
      .joinColumn("chatbot_id")
      .deleteRule("cascade")
      .nullable(),
    name: p.text(),
    greetingMessage: p.text().nullable(),
    queueType: p.enum(CHATBOT_OPTION_TYPES).default("text"),
    optQueueId: p.manyToOne(Queue).mapToPk().joinColumn("opt_queue_id").deleteRule("set null").nullable(),
    optUserId: p.manyToOne(User).mapToPk().joinColumn("opt_user_id").deleteRule("set null").nullable(),
    optIntegrationId: p.integer().nullable(),
    optFileId: p.integer().nullable(),
    closeTicket: p.boolean().default(false),
    ...timestamps(),
  },
});
export type IChatbot = InferEntity<typeof Chatbot>;
