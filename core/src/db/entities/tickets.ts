// Entities of tickets and what hangs off them: tags, notes, the ticket log,
// ratings, and the maintained ticket counters (docs/decisions/0008-ticket-list.md).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { TICKET_LOG_TYPES } from "../../contract/tickets.ts";
import { Chatbot } from "./chatbots.ts";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Whatsapp } from "./connections.ts";
import { Contact, Tag } from "./contacts.ts";
import { Company } from "./tenancy.ts";
import { Queue, User } from "./users.ts";

/**
 * A keyset index, newest first within the leading keys. Written as an expression (compared by name only):
 * MikroORM 7.2.1 reads an index's sort order by finding each column's name in pg_get_indexdef's text, and
 * `id` is first found inside `company_id`, so a structured `id DESC` would always read as changed.
 */
const newestFirst = (name: string, leading: string, include: string) => ({
  name,
  expression: `CREATE INDEX ${name} ON tickets (${leading}, updated_at DESC, id DESC) INCLUDE (${include})`,
});

const COUNT_KEY = "company_id, status, queue_id, user_id, is_group";

export const Ticket = defineEntity({
  name: "Ticket",
  tableName: "tickets",
  uniques: [
    { name: "tickets_uuid_key", properties: ["uuid"] },
    // NULLS NOT DISTINCT has no entity option: an expression, compared by name only.
    {
      name: "tickets_one_active",
      expression: `CREATE UNIQUE INDEX tickets_one_active ON tickets (company_id, contact_id, whatsapp_id)
        NULLS NOT DISTINCT WHERE status <> 'closed'`,
    },
  ],
  indexes: [
    newestFirst("tickets_inbox", "company_id, status", "queue_id, user_id, is_group"),
    newestFirst("tickets_owner", "company_id, user_id, status", "queue_id, is_group"),
    newestFirst("tickets_queue", "company_id, queue_id, status", "user_id, is_group"),
    { name: "tickets_contact", properties: ["contactId"] },
    {
      name: "tickets_waiting_queue",
      properties: ["whatsappId", "createdAt"],
      where: "status = 'pending' AND queue_id IS NULL",
    },
    { name: "tickets_waiting_rating", properties: ["whatsappId", "ratingAskedAt"], where: "status = 'nps'" },
    // The dashboard's periods (migration 0057, decision 0059); only a query naming created_at may use it (migration
    // 0063, decision 0066).
    { name: "tickets_company_created", properties: ["companyId", "createdAt"], where: "created_at IS NOT NULL" },
  ],
  // The counters' triggers (migration 0003; their functions ticket_counts_inserted/deleted/moved live there).
  triggers: [
    {
      name: "ticket_counts_insert",
      timing: "after",
      events: ["insert"],
      forEach: "statement",
      expression: `CREATE TRIGGER ticket_counts_insert AFTER INSERT ON tickets
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_inserted()`,
    },
    {
      name: "ticket_counts_delete",
      timing: "after",
      events: ["delete"],
      forEach: "statement",
      expression: `CREATE TRIGGER ticket_counts_delete AFTER DELETE ON tickets
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_deleted()`,
    },
    {
      name: "ticket_counts_update",
      timing: "after",
      events: ["update"],
      expression: `CREATE TRIGGER ticket_counts_update AFTER UPDATE OF ${COUNT_KEY} ON tickets FOR EACH ROW
        WHEN ((OLD.company_id, OLD.status, OLD.queue_id, OLD.user_id, OLD.is_group)
          IS DISTINCT FROM (NEW.company_id, NEW.status, NEW.queue_id, NEW.user_id, NEW.is_group))
        EXECUTE FUNCTION ticket_counts_moved()`,
    },
    // A ticket closed by any path ends its running flow (migration 0059, decision 0061).
    {
      name: "flow_runs_end_on_close",
      timing: "after",
      events: ["update"],
      expression: `CREATE TRIGGER flow_runs_end_on_close AFTER UPDATE OF status ON tickets FOR EACH ROW
        WHEN (NEW.status = 'closed' AND OLD.status IS DISTINCT FROM 'closed')
        EXECUTE FUNCTION flow_runs_end_on_close()`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    uuid: p.uuid().defaultRaw("gen_random_uuid()"),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    contactId: p.manyToOne(Contact).mapToPk().joinColumn("contact_id").deleteRule("cascade"),
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("set null").nullable(),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("set null").nullable(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    status: p.enum(["pending", "open", "group", "closed", "lgpd", "nps"] as const).default("pending"),
    channel: p.text().default("whatsapp"),
    isGroup: p.boolean().default(false),
    isBot: p.boolean().default(false),
    useIntegration: p.boolean().default(false),
    unreadMessages: p.integer().default(0),
    lastMessage: p.text().default(""),
    amountUsedBotQueues: p.integer().default(0),
    isTransfered: p.boolean().default(false),
    msgTransfer: p.text().nullable(),
    protocol: p.text().nullable(),
    closedAt: p.datetime().nullable(),
    botStartedAt: p.datetime().nullable(),
    ratingAskedAt: p.datetime().nullable(),
    /** Set when a history import opened the ticket: POST /closedimported/{id} closes these. */
    importedAt: p.datetime().nullable(),
    amountUsedBotQueuesNps: p.integer().default(0),
    /** When the contact last got the out-of-hours message: once per closed period (decision 0046). */
    outOfHoursSentAt: p.datetime().nullable(),
    /** When the contact last got the collective-vacation message: once per vacation. */
    vacationSentAt: p.datetime().nullable(),
    /** When the contact last got the inactivity message: once per silence. */
    inactiveSentAt: p.datetime().nullable(),
    /** The chatbot option whose children the contact is choosing among; null at the queue's first level. */
    queueOptionId: p.manyToOne(Chatbot).mapToPk().joinColumn("queue_option_id").deleteRule("set null").nullable(),
    ...timestamps(),
  },
});
export type ITicket = InferEntity<typeof Ticket>;

export const TicketTag = defineEntity({
  name: "TicketTag",
  tableName: "ticket_tags",
  indexes: [{ name: "ticket_tags_tag", properties: ["tagId", "ticketId"] }],
  properties: {
    ticketId: parentKey(Ticket, "ticket_id"),
    tagId: parentKey(Tag, "tag_id"),
    companyId: p.integer(),
    createdAt: createdAt(),
  },
});
export type ITicketTag = InferEntity<typeof TicketTag>;

export const TicketNote = defineEntity({
  name: "TicketNote",
  tableName: "ticket_notes",
  indexes: [
    { name: "ticket_notes_ticket", properties: ["companyId", "ticketId", "id"] },
    { name: "ticket_notes_contact", properties: ["companyId", "contactId", "id"] },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade").nullable(),
    contactId: p.manyToOne(Contact).mapToPk().joinColumn("contact_id").deleteRule("cascade").nullable(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    note: p.text(),
    ...timestamps(),
  },
});
export type ITicketNote = InferEntity<typeof TicketNote>;

export const TicketLog = defineEntity({
  name: "TicketLog",
  tableName: "ticket_logs",
  indexes: [
    { name: "ticket_logs_ticket", properties: ["ticketId", "id"] },
    // The dashboard's range of tickets (migration 0057, decision 0059).
    {
      name: "ticket_logs_company_ticket",
      expression:
        "CREATE INDEX ticket_logs_company_ticket ON ticket_logs (company_id, ticket_id) INCLUDE (type, user_id, created_at)",
    },
  ],
  properties: {
    id: p.bigint("number").primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade"),
    type: p.enum(TICKET_LOG_TYPES),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("set null").nullable(),
    createdAt: createdAt(),
  },
});
export type ITicketLog = InferEntity<typeof TicketLog>;

export const UserRating = defineEntity({
  name: "UserRating",
  tableName: "user_ratings",
  indexes: [
    { name: "user_ratings_ticket", properties: ["ticketId"] },
    // The dashboard's range of tickets (migration 0057, decision 0059).
    {
      name: "user_ratings_company_ticket",
      expression: "CREATE INDEX user_ratings_company_ticket ON user_ratings (company_id, ticket_id, id) INCLUDE (rate)",
    },
  ],
  checks: [{ name: "user_ratings_rate_check", expression: "rate >= 0 AND rate <= 10" }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade"),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    rate: p.integer(),
    ...timestamps(),
  },
});
export type IUserRating = InferEntity<typeof UserRating>;

/** The counter columns: exactly what the visibility rule reads (migration 0003). */
const countKey = () => ({
  /** A surrogate key (migration 0016): the counter key has nullable columns. */
  id: p.bigint("number").primary(),
  companyId: p.integer(),
  status: p.text(),
  queueId: p.integer().nullable(),
  userId: p.integer().nullable(),
  isGroup: p.boolean(),
  n: p.integer(),
});

export const TicketCount = defineEntity({
  name: "TicketCount",
  tableName: "ticket_counts",
  uniques: [
    {
      name: "ticket_counts_key",
      expression: `ALTER TABLE ticket_counts ADD CONSTRAINT ticket_counts_key UNIQUE NULLS NOT DISTINCT (${COUNT_KEY})`,
    },
  ],
  properties: countKey(),
});
export type ITicketCount = InferEntity<typeof TicketCount>;

export const TicketCountDelta = defineEntity({
  name: "TicketCountDelta",
  tableName: "ticket_count_deltas",
  indexes: [{ name: "ticket_count_deltas_company", properties: ["companyId"] }],
  properties: countKey(),
});
export type ITicketCountDelta = InferEntity<typeof TicketCountDelta>;
