// Entities of bulk campaigns (spec 3 §3 Campaign, Campaign settings; decision 0076): the campaigns, each company's
// pacing settings and the shipping records of the sends.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";
import { Whatsapp } from "./connections.ts";
import { ContactList, ContactListItem } from "./contact-lists.ts";
import { Tag } from "./contacts.ts";
import { Company } from "./tenancy.ts";
import { Queue, User } from "./users.ts";

export const Campaign = defineEntity({
  name: "Campaign",
  tableName: "campaigns",
  indexes: [
    { name: "campaigns_company", properties: ["companyId", "id"] },
    {
      name: "campaigns_due",
      expression:
        "CREATE INDEX campaigns_due ON campaigns (scheduled_at) WHERE status IN ('PROGRAMADA', 'EM_ANDAMENTO')",
    },
  ],
  checks: [
    {
      name: "campaigns_status_check",
      expression: "status IN ('INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA')",
    },
    { name: "campaigns_open_ticket_check", expression: "open_ticket IN ('enabled', 'disabled')" },
    { name: "campaigns_status_ticket_check", expression: "status_ticket IN ('closed', 'pending', 'open')" },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    message1: p.text().default(""),
    message2: p.text().default(""),
    message3: p.text().default(""),
    message4: p.text().default(""),
    message5: p.text().default(""),
    confirmationMessage1: p.text().default(""),
    confirmationMessage2: p.text().default(""),
    confirmationMessage3: p.text().default(""),
    confirmationMessage4: p.text().default(""),
    confirmationMessage5: p.text().default(""),
    status: p.text().default("INATIVA"),
    confirmation: p.boolean().default(false),
    scheduledAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    contactListId: p.manyToOne(ContactList).mapToPk().joinColumn("contact_list_id").deleteRule("set null").nullable(),
    tagListId: p.manyToOne(Tag).mapToPk().joinColumn("tag_list_id").deleteRule("set null").nullable(),
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("set null").nullable(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("set null").nullable(),
    openTicket: p.text().default("disabled"),
    statusTicket: p.text().default("closed"),
    mediaPath: p.text().nullable(),
    mediaName: p.text().nullable(),
    /** The sender's pacing: when the next message may go (decision 0076). */
    nextSendAt: p.datetime().nullable(),
    /** Messages queued so far: every longerIntervalAfter of them, the longer pause. */
    sentCount: p.integer().default(0),
    /** When the audience became shipping records (once; a restart keeps them). */
    shippingsMadeAt: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type ICampaign = InferEntity<typeof Campaign>;

export const CampaignSetting = defineEntity({
  name: "CampaignSetting",
  tableName: "campaign_settings",
  uniques: [{ name: "campaign_settings_company_key", properties: ["companyId", "key"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    key: p.text(),
    value: p.text(),
  },
});

/** One contact of a campaign: made once (unique per number), sent once, then marked delivered. */
export const CampaignShipping = defineEntity({
  name: "CampaignShipping",
  tableName: "campaign_shippings",
  uniques: [{ name: "campaign_shippings_once", properties: ["companyId", "campaignId", "number"] }],
  indexes: [
    {
      name: "campaign_shippings_message",
      expression:
        "CREATE INDEX campaign_shippings_message ON campaign_shippings (company_id, message_id) WHERE message_id IS NOT NULL",
    },
    {
      // The number check's "fail this item's unsent shippings" (decision 0120).
      name: "campaign_shippings_unsent_item",
      expression:
        "CREATE INDEX campaign_shippings_unsent_item ON campaign_shippings (company_id, contact_list_item_id) WHERE message_id IS NULL AND failed_at IS NULL",
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    campaignId: p.manyToOne(Campaign).mapToPk().joinColumn("campaign_id").deleteRule("cascade"),
    contactListItemId: p
      .manyToOne(ContactListItem)
      .mapToPk()
      .joinColumn("contact_list_item_id")
      .deleteRule("set null")
      .nullable(),
    number: p.text(),
    message: p.text().default(""),
    confirmationMessage: p.text().default(""),
    confirmation: p.boolean().default(false),
    /** The confirmation message asked first (campaigns with confirmation); the message follows the reply. */
    confirmationMessageId: p.uuid().nullable(),
    messageId: p.uuid().nullable(),
    deliveredAt: p.datetime().nullable(),
    confirmationRequestedAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    error: p.text().nullable(),
    ...timestamps(),
  },
});
