// Entities of web push (decision 0031): browsers' subscriptions, the dispatcher's
// per-company cursor over the change log, and the inbound messages already announced.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { User } from "./users.ts";

export const PushSubscription = defineEntity({
  name: "PushSubscription",
  tableName: "push_subscriptions",
  uniques: [{ name: "push_subscriptions_endpoint_key", properties: ["endpoint"] }],
  indexes: [{ name: "push_subscriptions_user", properties: ["companyId", "userId"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("cascade"),
    /** The session it was saved in: a browser signed out (or signed in elsewhere since) gets nothing. */
    sessionId: p.uuid(),
    endpoint: p.text(),
    p256dh: p.text(),
    auth: p.text(),
    createdAt: createdAt(),
  },
});
export type IPushSubscription = InferEntity<typeof PushSubscription>;

export const PushCursor = defineEntity({
  name: "PushCursor",
  tableName: "push_cursors",
  properties: {
    companyId: parentKey(Company, "company_id"),
    lastSeq: p.bigint("number"),
  },
});
export type IPushCursor = InferEntity<typeof PushCursor>;

export const PushSent = defineEntity({
  name: "PushSent",
  tableName: "push_sent",
  indexes: [{ name: "push_sent_created_at", properties: ["createdAt"] }],
  properties: {
    companyId: parentKey(Company, "company_id"),
    messageId: p.uuid().primary(),
    createdAt: createdAt(),
  },
});
export type IPushSent = InferEntity<typeof PushSent>;
