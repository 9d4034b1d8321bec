// Entities of messages (with the outbound queue's columns) and quick messages.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { Ticket } from "./tickets.ts";

export const Message = defineEntity({
  name: "Message",
  tableName: "messages",
  uniques: [
    // Inbound dedupe: a channel may deliver the same message twice.
    { name: "messages_remote_id", properties: ["whatsappId", "remoteId"], where: "remote_id IS NOT NULL" },
  ],
  indexes: [
    // An expression (compared by name only) for the reason given at tickets.ts's newestFirst.
    {
      name: "messages_ticket_page",
      expression: "CREATE INDEX messages_ticket_page ON messages (ticket_id, created_at DESC, id DESC)",
    },
    {
      name: "messages_outbound",
      properties: ["whatsappId", "createdAt"],
      where: "send_state IN ('queued','claimed','sending')",
    },
    { name: "messages_company_created", properties: ["companyId", "createdAt"], include: ["fromMe", "isPrivate"] },
    // The search's message text, full-text in Portuguese (decision 0089).
    {
      name: "messages_search_body",
      expression: "CREATE INDEX messages_search_body ON messages USING gin (to_tsvector('portuguese', body))",
    },
    // Accents folded before the Portuguese stemmer (decision 0115): the one the search reads now.
    {
      name: "messages_search_text",
      expression:
        "CREATE INDEX messages_search_text ON messages USING gin (to_tsvector('portuguese_unaccent'::regconfig, body))",
    },
    // The messages whose stored words are still to be filled (migration 0124): empty once the job has run.
    {
      name: "messages_search_unfilled",
      expression: "CREATE INDEX messages_search_unfilled ON messages (created_at DESC) WHERE search_vector IS NULL",
    },
  ],
  // The search's stored words (migration 0124; its function messages_search_vector lives there).
  triggers: [
    {
      name: "messages_search_vector",
      timing: "before",
      events: ["insert", "update"],
      expression: `CREATE TRIGGER messages_search_vector BEFORE INSERT OR UPDATE OF body ON messages
        FOR EACH ROW EXECUTE FUNCTION messages_search_vector()`,
    },
  ],
  properties: {
    // The key is (company_id, id): a client-made id names a message within its company only (decision 0027).
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade").primary(),
    id: p.uuid().primary(),
    ticketId: p.manyToOne(Ticket).mapToPk().joinColumn("ticket_id").deleteRule("cascade"),
    contactId: p.integer().nullable(),
    whatsappId: p.integer().nullable(),
    userId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    body: p.text().default(""),
    fromMe: p.boolean().default(false),
    read: p.boolean().default(false),
    mediaType: p.text().default("chat"),
    mediaUrl: p.text().nullable(),
    dataJson: p.json<unknown>().nullable(),
    ack: p.smallint().default(0),
    isDeleted: p.boolean().default(false),
    isEdited: p.boolean().default(false),
    isForwarded: p.boolean().default(false),
    isPrivate: p.boolean().default(false),
    quotedMsgId: p.uuid().nullable(),
    remoteId: p.text().nullable(),
    sendState: p.enum(["queued", "claimed", "sending", "sent", "failed"] as const).nullable(),
    sendAttempts: p.integer().default(0),
    claimedBy: p.text().nullable(),
    claimedAt: p.datetime().nullable(),
    errorCode: p.text().nullable(),
    // The words of body for the search (migration 0124's trigger writes it; NULL on rows stored before it). Never
    // loaded with the entity: only the search's SQL reads it.
    searchVector: p.string().columnType("tsvector").nullable().lazy().hidden(),
    ...timestamps(),
  },
});
export type IMessage = InferEntity<typeof Message>;

/** A quick message projected from its co-edited document (sync-server). */
export const QuickMessage = defineEntity({
  name: "QuickMessage",
  tableName: "quick_messages",
  // An item id is unique within its document (the general list or one user's personal list; migration 0020).
  uniques: [{ name: "quick_messages_document_item_key", properties: ["companyId", "document", "itemId"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    itemId: p.text(),
    shortcode: p.text(),
    message: p.text().default(""),
    mediaPath: p.text().nullable(),
    userId: p.integer().nullable(),
    ...timestamps(),
    /** The co-edited document the row was projected from: `general` or `user-{id}`. */
    document: p.text().default("general"),
    /** Spec 2's "geral": a general quick message, seen by the whole company. */
    geral: p.boolean().default(true),
    /** Spec 2's "visao": a personal quick message shown (read-only) to the rest of the company (decision 0048). */
    visao: p.boolean().default(true),
    /** The media's file name as shown, spaces made underscores (spec 2 §5). */
    mediaName: p.text().nullable(),
  },
});
export type IQuickMessage = InferEntity<typeof QuickMessage>;
