// Every table the migrations create, as MikroORM entities: the one description
// of the schema (docs/decisions/0023-schema-from-entities.md). Split per domain;
// schema-diff.test.ts fails when these and the migrated database differ.
import { AgendaJob } from "./agenda.ts";
import { Announcement } from "./announcements.ts";
import { AuditEntry } from "./audit.ts";
import { Campaign, CampaignSetting, CampaignShipping } from "./campaigns.ts";
import { Chatbot } from "./chatbots.ts";
import { Chat, ChatMessage, ChatUser } from "./chats.ts";
import {
  BaileysAuth,
  ChannelWorker,
  ConnectionLease,
  ContactNumberCheck,
  PhoneContact,
  Whatsapp,
  WhatsappQueue,
} from "./connections.ts";
import { ContactList, ContactListItem } from "./contact-lists.ts";
import { Contact, ContactImport, ContactTag, Tag } from "./contacts.ts";
import { FileList } from "./files.ts";
import { FlowCampaign, FlowRun } from "./flow-runtime.ts";
import { Flow } from "./flows.ts";
import { ImportMapping } from "./imports.ts";
import { IntegrationSession, IntegrationStep, Prompt, QueueIntegration } from "./integrations.ts";
import { Invoice, InvoiceCharge, InvoicePaymentLink } from "./invoices.ts";
import { Message, QuickMessage } from "./messages.ts";
import { PasswordResetCode } from "./password-resets.ts";
import { PushCursor, PushSent, PushSubscription } from "./push.ts";
import { Schedule } from "./schedules.ts";
import { ChangeLog, ClientMutation, CompanySync, Document } from "./sync.ts";
import { Company, Help, Plan, PlatformSecret, PlatformSetting, RateLimit, Setting } from "./tenancy.ts";
import { Ticket, TicketCount, TicketCountDelta, TicketLog, TicketNote, TicketTag, UserRating } from "./tickets.ts";
import { TrustedDevice, TwoFactorChallenge, TwoFactorRecoveryCode, UserTwoFactor } from "./two-factor.ts";
import { Queue, RefreshToken, User, UserQueue } from "./users.ts";

export * from "./agenda.ts";
export * from "./announcements.ts";
export * from "./audit.ts";
export * from "./campaigns.ts";
export * from "./chatbots.ts";
export * from "./chats.ts";
export * from "./connections.ts";
export * from "./contact-lists.ts";
export * from "./contacts.ts";
export * from "./files.ts";
export * from "./flows.ts";
export * from "./imports.ts";
export * from "./integrations.ts";
export * from "./invoices.ts";
export * from "./messages.ts";
export * from "./password-resets.ts";
export * from "./push.ts";
export * from "./schedules.ts";
export * from "./sync.ts";
export * from "./tenancy.ts";
export * from "./tickets.ts";
export * from "./two-factor.ts";
export * from "./users.ts";

export const ENTITIES = [
  Plan,
  Company,
  Setting,
  PlatformSetting,
  PlatformSecret,
  Help,
  Queue,
  User,
  RefreshToken,
  PasswordResetCode,
  UserQueue,
  Chatbot,
  Whatsapp,
  WhatsappQueue,
  Contact,
  Tag,
  ContactTag,
  Ticket,
  TicketTag,
  TicketNote,
  TicketLog,
  UserRating,
  TicketCount,
  TicketCountDelta,
  Message,
  QuickMessage,
  ChangeLog,
  CompanySync,
  ClientMutation,
  Document,
  AgendaJob,
  ContactImport,
  RateLimit,
  PushSubscription,
  PushCursor,
  PushSent,
  Schedule,
  ChannelWorker,
  ConnectionLease,
  Flow,
  FlowCampaign,
  FlowRun,
  FileList,
  BaileysAuth,
  PhoneContact,
  ContactNumberCheck,
  QueueIntegration,
  Prompt,
  IntegrationStep,
  IntegrationSession,
  Chat,
  ChatUser,
  ChatMessage,
  Announcement,
  Invoice,
  InvoiceCharge,
  InvoicePaymentLink,
  ContactList,
  ContactListItem,
  Campaign,
  CampaignSetting,
  CampaignShipping,
  AuditEntry,
  UserTwoFactor,
  TwoFactorRecoveryCode,
  TwoFactorChallenge,
  TrustedDevice,
  ImportMapping,
];
