// What the settings page (spec 3 §2 Settings page) shows, as plain rules the screen and its tests share: the
// tabs a person gets, the options in their groups, and the custom messages that appear and become required
// by their toggle.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { PLAN_FLAG_KEYS, type PlanDTO, type PlanFlagKey } from "@chatflow/core/contract/plans.ts";
import {
  CERT_MESSAGES,
  COMPANY_SETTING_VALUES,
  type CompanySettingKey,
  DOWNLOAD_LIMITS,
  type PlatformSettingKey,
  SECRET_PLATFORM_KEYS,
} from "@chatflow/core/contract/settings.ts";

export type SettingsTab = "options" | "schedules" | "companies" | "plans" | "helps" | "whitelabel" | "certificate";

/**
 * Options always; Schedules when the company's hours decide (scheduleType company); Plans, Helps, Whitelabel
 * and the Pix certificate for the super user.
 */
export function settingsTabs(user: Pick<UserDTO, "super">, scheduleType: string | undefined): SettingsTab[] {
  const tabs: SettingsTab[] = ["options"];
  if (scheduleType === "company") tabs.push("schedules");
  if (user.super) tabs.push("companies", "plans", "helps", "whitelabel", "certificate");
  return tabs;
}

/** A company setting shown as a switch (enabled/disabled, or the two true/false ones) or a select of its values. */
export type CompanyOption =
  | { key: CompanySettingKey; kind: "switch"; on: string; off: string }
  | { key: CompanySettingKey; kind: "select"; values: readonly string[] }
  | { key: CompanySettingKey; kind: "text" };

const option = (key: CompanySettingKey): CompanyOption => {
  const values = COMPANY_SETTING_VALUES[key];
  if (!values) return { key, kind: "text" };
  if (values.length === 2 && values.includes("enabled")) return { key, kind: "switch", on: "enabled", off: "disabled" };
  if (values.length === 2 && values.includes("true")) return { key, kind: "switch", on: "true", off: "false" };
  return { key, kind: "select", values };
};

/** Every company setting of spec 3 §3, in groups, in the order the page lists them. */
export const COMPANY_OPTION_GROUPS: { id: "service" | "tickets" | "lgpd" | "security"; options: CompanyOption[] }[] = [
  {
    id: "service",
    options: (
      [
        "scheduleType",
        "chatBotType",
        "userRating",
        "userRandom",
        "sendGreetingMessageOneQueues",
        "sendGreetingAccepted",
        "sendQueuePosition",
        "acceptCallWhatsapp",
        "acceptAudioMessageContact",
        "sendFarewellWaitingTicket",
      ] as const
    ).map(option),
  },
  {
    id: "tickets",
    options: (
      [
        "sendSignMessage",
        "requiredTag",
        "sendMsgTransfTicket",
        "closeTicketOnTransfer",
        "DirectTicketsToWallets",
        "showNotificationPending",
      ] as const
    ).map(option),
  },
  {
    id: "lgpd",
    options: (
      ["enableLGPD", "lgpdConsent", "lgpdDeleteMessage", "lgpdHideNumber", "lgpdMessage", "lgpdLink"] as const
    ).map(option),
  },
  // Two-factor sign-in for every user of the company (decision 0113).
  { id: "security", options: (["requireTwoFactor"] as const).map(option) },
];

/**
 * The custom messages of spec 3 §2: each appears, and is required, while its toggle has the value that uses it
 * (the accept-call message while calls are refused).
 */
export const CUSTOM_MESSAGES = [
  { message: "transferMessage", toggle: "sendMsgTransfTicket", when: "enabled" },
  { message: "greetingAcceptedMessage", toggle: "sendGreetingAccepted", when: "enabled" },
  { message: "sendQueuePositionMessage", toggle: "sendQueuePosition", when: "enabled" },
  { message: "AcceptCallWhatsappMessage", toggle: "acceptCallWhatsapp", when: "disabled" },
] as const satisfies readonly { message: CompanySettingKey; toggle: CompanySettingKey; when: string }[];

export type CustomMessageKey = (typeof CUSTOM_MESSAGES)[number]["message"];

/** The custom messages shown under this toggle for these settings. */
export function messagesOf(toggle: CompanySettingKey, settings: Record<string, string>): CustomMessageKey[] {
  return CUSTOM_MESSAGES.filter((m) => m.toggle === toggle && settings[m.toggle] === m.when).map((m) => m.message);
}

/** A shown custom message must hold text: blank is refused before anything is sent. */
export const isBlank = (value: string | undefined) => !value || value.trim() === "";

/** The platform settings the super user edits on the Options tab (branding has its own tab). */
export const PLATFORM_OPTIONS: {
  key: PlatformSettingKey;
  kind: "switch" | "select" | "secret";
  values?: readonly string[];
}[] = [
  { key: "userCreation", kind: "switch" },
  // Two-factor sign-in for every admin of the platform (decision 0113).
  { key: "requireTwoFactorAdmins", kind: "switch" },
  { key: "downloadLimit", kind: "select", values: DOWNLOAD_LIMITS },
  ...SECRET_PLATFORM_KEYS.map((key) => ({ key, kind: "secret" as const })),
];

/** #rgb or #rrggbb, as core's platform setting schema takes a colour. */
export const isColor = (value: string) => /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);

export type CertificateErrors = { file?: string; ref?: string };

/** The Pix certificate's warnings (spec 3 §5): a file, a destination, and only .p12 files. */
export function certificateErrors(file: { name: string } | null, destination: string | null): CertificateErrors {
  const errors: CertificateErrors = {};
  if (!file) errors.file = CERT_MESSAGES.noFile;
  else if (!/\.p12$/i.test(file.name)) errors.file = CERT_MESSAGES.notP12;
  if (!destination) errors.ref = CERT_MESSAGES.noDestination;
  return errors;
}

/** Money as the plan list shows it (spec 3 §1: R$, two decimals). */
export const formatBRL = (amount: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2 }).format(amount);

/** The Plans tab's form: text as typed (core validates it), the flags as booleans, the id in edit mode. */
export type PlanForm = {
  id: number | null;
  name: string;
  users: string;
  connections: string;
  queues: string;
  amount: string;
  isPublic: boolean;
  flags: Record<PlanFlagKey, boolean>;
};

/** A new plan: counts 0, public, every feature on (spec 3 §9 plan defaults). */
export const emptyPlanForm: PlanForm = {
  id: null,
  name: "",
  users: "0",
  connections: "0",
  queues: "0",
  amount: "0",
  isPublic: true,
  flags: Object.fromEntries(PLAN_FLAG_KEYS.map((k) => [k, true])) as Record<PlanFlagKey, boolean>,
};

export const planFormOf = (p: PlanDTO): PlanForm => ({
  id: p.id,
  name: p.name,
  users: String(p.users),
  connections: String(p.connections),
  queues: String(p.queues),
  amount: p.amount.toFixed(2),
  isPublic: p.isPublic,
  flags: Object.fromEntries(PLAN_FLAG_KEYS.map((k) => [k, p[k]])) as Record<PlanFlagKey, boolean>,
});

/** The body of POST /plans and PUT /plans/{id}; a decimal comma is read as a point. */
export const planRequestOf = (f: PlanForm) => ({
  name: f.name,
  users: f.users.trim(),
  connections: f.connections.trim(),
  queues: f.queues.trim(),
  amount: f.amount.trim().replace(",", "."),
  isPublic: f.isPublic,
  ...f.flags,
});
