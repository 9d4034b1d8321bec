// Entities of contacts and tags (spec 1 §7), and which tags a contact carries.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Whatsapp } from "./connections.ts";
import { ContactList } from "./contact-lists.ts";
import { Company } from "./tenancy.ts";
import { User } from "./users.ts";

export const Contact = defineEntity({
  name: "Contact",
  tableName: "contacts",
  uniques: [{ name: "contacts_company_id_number_key", properties: ["companyId", "number"] }],
  indexes: [
    // Expression indexes: compared by name only. The two trigram indexes exist where pg_trgm is installable
    // (migration 0003); the schema-diff test assumes a server that has it, like every server we run on.
    {
      name: "contacts_company_name",
      expression: "CREATE INDEX contacts_company_name ON contacts (company_id, lower(name), id)",
    },
    {
      name: "contacts_search_name",
      expression: "CREATE INDEX contacts_search_name ON contacts USING gin (lower(name) gin_trgm_ops)",
    },
    {
      name: "contacts_search_number",
      expression: "CREATE INDEX contacts_search_number ON contacts USING gin ((number || '') gin_trgm_ops)",
    },
    // The dashboard's new contacts of a period (migration 0057, decision 0059); only a query naming created_at may
    // use it (migration 0063, decision 0066).
    {
      name: "contacts_company_created",
      properties: ["companyId", "createdAt"],
      where: "NOT is_group AND created_at IS NOT NULL",
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    number: p.text(),
    email: p.text().default(""),
    urlPicture: p.text().nullable(),
    active: p.boolean().default(true),
    acceptAudioMessage: p.boolean().default(true),
    disableBot: p.boolean().default(false),
    isGroup: p.boolean().default(false),
    channel: p.text().default("whatsapp"),
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("set null").nullable(),
    extraInfo: p.json<{ id?: number; name: string; value: string }[]>().default("[]"),
    lgpdAcceptedAt: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type IContact = InferEntity<typeof Contact>;

export const Tag = defineEntity({
  name: "Tag",
  tableName: "tags",
  uniques: [{ name: "tags_company_id_name_key", properties: ["companyId", "name"] }],
  // Evicts core's company cache (migration 0125, function chatflow_notify_references).
  triggers: [
    {
      name: "tags_notify",
      timing: "after",
      events: ["update", "delete"],
      expression: `CREATE TRIGGER tags_notify AFTER UPDATE OR DELETE ON tags
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`,
    },
  ],
  indexes: [
    {
      name: "tags_company_lower_name",
      expression: "CREATE INDEX tags_company_lower_name ON tags (company_id, lower(name))",
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    color: p.text().default("#A4CCCC"),
    kanban: p.integer().default(0),
    // Kanban lane settings (spec 2 §3 Tag, §4 Kanban; decision 0047): after timeLane hours in this lane a ticket
    // moves on to nextLaneId, or back to rollbackLaneId when its contact answered meanwhile, greeted with the
    // destination lane's greetingMessageLane. By name: the entity refers to itself.
    timeLane: p.integer().default(0),
    nextLaneId: p
      .manyToOne("Tag" as unknown as typeof Company)
      .mapToPk()
      .joinColumn("next_lane_id")
      .deleteRule("set null")
      .nullable(),
    rollbackLaneId: p
      .manyToOne("Tag" as unknown as typeof Company)
      .mapToPk()
      .joinColumn("rollback_lane_id")
      .deleteRule("set null")
      .nullable(),
    greetingMessageLane: p.text().nullable(),
    // The lane's place on the board, set by the co-edited board document's projection (null: not placed there).
    lanePosition: p.integer().nullable(),
    ...timestamps(),
  },
});
export type ITag = InferEntity<typeof Tag>;

export const ContactTag = defineEntity({
  name: "ContactTag",
  tableName: "contact_tags",
  indexes: [{ name: "contact_tags_tag", properties: ["tagId", "contactId"] }],
  properties: {
    contactId: parentKey(Contact, "contact_id"),
    tagId: parentKey(Tag, "tag_id"),
    companyId: p.integer(),
    createdAt: createdAt(),
  },
});
export type IContactTag = InferEntity<typeof ContactTag>;

/** A spreadsheet import run as a job (decision 0021): its state and counts, read back by GET /contacts/upload/{id}. */
export const ContactImport = defineEntity({
  name: "ContactImport",
  tableName: "contact_imports",
  indexes: [
    { name: "contact_imports_company", properties: ["companyId", "id"] },
    // A partial unique index: the database keeps a company to one import at a time (compared by name only).
    {
      name: "contact_imports_one_active",
      expression:
        "CREATE UNIQUE INDEX contact_imports_one_active ON contact_imports (company_id) WHERE state IN ('queued', 'running')",
    },
  ],
  checks: [{ name: "contact_imports_state_check", expression: "state IN ('queued', 'running', 'finished', 'failed')" }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    fileName: p.text(),
    state: p.text().default("queued"),
    rowsRead: p.integer().default(0),
    created: p.integer().default(0),
    ignored: p.integer().default(0),
    error: p.json<Record<string, unknown>>().nullable(),
    /** The contact list the import fills (decision 0076); none for the company's contacts. */
    contactListId: p.manyToOne(ContactList).mapToPk().joinColumn("contact_list_id").deleteRule("cascade").nullable(),
    heartbeatAt: p.datetime().defaultRaw("now()"),
    createdAt: createdAt(),
    finishedAt: p.datetime().nullable(),
  },
});
export type IContactImport = InferEntity<typeof ContactImport>;
