// Entities of the contact lists bulk campaigns are sent to (spec 3 §3 ContactList, ContactListItem; decision 0076).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";

export const ContactList = defineEntity({
  name: "ContactList",
  tableName: "contact_lists",
  indexes: [{ name: "contact_lists_company", properties: ["companyId", "id"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    ...timestamps(),
  },
});
export type IContactList = InferEntity<typeof ContactList>;

export const ContactListItem = defineEntity({
  name: "ContactListItem",
  tableName: "contact_list_items",
  indexes: [
    {
      name: "contact_list_items_list_number",
      expression:
        "CREATE UNIQUE INDEX contact_list_items_list_number ON contact_list_items (company_id, contact_list_id, number)",
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    contactListId: p.manyToOne(ContactList).mapToPk().joinColumn("contact_list_id").deleteRule("cascade"),
    name: p.text(),
    number: p.text(),
    email: p.text().default(""),
    /** True until a send finds the number is not on WhatsApp (decision 0076). */
    isWhatsappValid: p.boolean().default(true),
    /** When a WhatsApp-by-QR connection last asked WhatsApp whether the number is on it (decision 0120). */
    whatsappCheckedAt: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type IContactListItem = InferEntity<typeof ContactListItem>;
