// Scheduled messages (spec 1 §3, spec 2 §3 Schedule): a text (and optional media) that the channel worker's
// timed sender sends to a contact at sendAt, once or repeatedly (decision 0037).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";
import { Whatsapp } from "./connections.ts";
import { Contact } from "./contacts.ts";
import { Company } from "./tenancy.ts";
import { Queue, User } from "./users.ts";

export const Schedule = defineEntity({
  name: "Schedule",
  tableName: "schedules",
  indexes: [
    { name: "schedules_company_send_at", properties: ["companyId", "sendAt"] },
    { name: "schedules_company_contact", properties: ["companyId", "contactId"] },
    // The timed sender's scan: pending schedules by due time, across companies.
    {
      name: "schedules_due",
      expression: "CREATE INDEX schedules_due ON schedules (send_at) WHERE status = 'PENDENTE'",
    },
    // A failed send finds its schedule (scheduled-send-outcome.ts).
    {
      name: "schedules_last_message",
      expression:
        "CREATE INDEX schedules_last_message ON schedules (company_id, last_message_id) WHERE last_message_id IS NOT NULL",
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    body: p.text(),
    contactId: p.manyToOne(Contact).mapToPk().joinColumn("contact_id").deleteRule("cascade"),
    sendAt: p.datetime(),
    sentAt: p.datetime().nullable(),
    status: p.text().default("PENDENTE"),
    assinar: p.boolean().default(false),
    openTicket: p.text().default("disabled"),
    ticketUserId: p.manyToOne(User).mapToPk().joinColumn("ticket_user_id").deleteRule("set null").nullable(),
    queueId: p.manyToOne(Queue).mapToPk().joinColumn("queue_id").deleteRule("set null").nullable(),
    statusTicket: p.text().default("closed"),
    intervalo: p.integer().default(1),
    valorIntervalo: p.integer().default(0),
    enviarQuantasVezes: p.integer().default(1),
    tipoDias: p.integer().default(4),
    mediaPath: p.text().nullable(),
    mediaName: p.text().nullable(),
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("set null").nullable(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    /** Sends made so far; the repeats are counted from `anchorAt`. */
    sentCount: p.integer().default(0),
    /** The first send's time: repeats fall at anchorAt + k × interval, then the day rule (decision 0037). */
    anchorAt: p.datetime(),
    /** Why the latest send failed (status ERRO). */
    lastError: p.text().nullable(),
    /** The message the latest send queued: the channel's refusal of it marks the schedule ERRO. */
    lastMessageId: p.uuid().nullable(),
    ...timestamps(),
  },
});
export type ISchedule = InferEntity<typeof Schedule>;
