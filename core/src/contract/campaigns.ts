// Bulk campaigns and their settings (spec 3 §2 "Campaigns page", "Campaign report", "Campaign settings", §3
// Campaign, Campaign settings, §4, §5, §9; decision 0076): requests, answers, the edit rule and the pacing
// defaults and options. The PWA's forms validate with these same schemas.
import { z } from "zod";
import { zId, zIdParam } from "./ids.ts";

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Spec 3 §9: at most 5 messages and 5 confirmation messages. */
export const CAMPAIGN_MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export const CAMPAIGN_MESSAGE_MAX = 4096;
/** The attachment's multipart field (POST /campaigns/{id}/media-upload). */
export const CAMPAIGN_MEDIA_FIELD = "file";
/** Spec 3 §4: a scheduled campaign stays editable while its start is more than this far away. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
/** Spec 3 §9: the report reloads this long after a live update shows FINALIZADA. */
export const CAMPAIGN_REPORT_RELOAD_MS = 5000;
/** Lines of one page of GET /campaigns. */
export const CAMPAIGNS_PAGE_SIZE = 20;

/**
 * Spec 3 §4: editable when INATIVA, or PROGRAMADA with the schedule more than an hour away; a CANCELADA one can
 * still be saved. Everything else (running, finished, about to start) is read-only.
 */
export function isCampaignEditable(c: { status: CampaignStatus; scheduledAt: string | null }, now = Date.now()) {
  if (c.status === "INATIVA" || c.status === "CANCELADA") return true;
  if (c.status !== "PROGRAMADA") return false;
  return c.scheduledAt !== null && new Date(c.scheduledAt).getTime() - now > CAMPAIGN_EDIT_LEAD_MS;
}

const required = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? "Required" : undefined);
const text = z.string().max(CAMPAIGN_MESSAGE_MAX, "Too Long!").default("");
const optionalId = z.preprocess((v) => (v === "" || v === 0 ? null : v), zIdParam.nullable()).default(null);

const messages = Object.fromEntries(
  CAMPAIGN_MESSAGE_SLOTS.flatMap((n) => [
    [`message${n}`, text],
    [`confirmationMessage${n}`, text],
  ]),
) as Record<`message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`, typeof text>;

export const ZSaveCampaignRequestSchema = z
  .object({
    /** Shown in the list and the report; 2 to 50 characters (spec 3 §5). */
    name: z.string({ error: required }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
    /** The connection the messages go out through (required, spec 3 §5). */
    whatsappId: z.preprocess((v) => (v === "" || v === 0 ? undefined : v), zId),
    /** The contact list it is sent to. */
    contactListId: optionalId,
    /** Or the company's contacts carrying this tag. */
    tagListId: optionalId,
    /** When it starts (ISO date-time); none keeps it INATIVA. */
    scheduledAt: z.preprocess(
      (v) => (v === "" ? null : v),
      z.iso.datetime({ offset: true, error: "Invalid date" }).nullable().default(null),
    ),
    /** Each contact gets the confirmation message of the message drawn for it first, then the message on reply. */
    confirmation: z.boolean().default(false),
    ...messages,
    /** Open (or keep) a ticket for each contact, with the user, queue and status below. */
    openTicket: z.enum(["enabled", "disabled"]).default("disabled"),
    /** Owner of the tickets it opens (only with openTicket). */
    userId: optionalId,
    /** Queue of the tickets it opens; required when a user is chosen (spec 3 §5). */
    queueId: optionalId,
    /** Status of the tickets it opens. */
    statusTicket: z.enum(["closed", "pending", "open"]).default("closed"),
  })
  .superRefine((c, ctx) => {
    if (c.openTicket === "enabled" && c.userId !== null && c.queueId === null)
      ctx.addIssue({ code: "custom", path: ["queueId"], message: "Required" });
    if (c.contactListId === null && c.tagListId === null)
      ctx.addIssue({ code: "custom", path: ["contactListId"], message: "Required" });
  })
  // Spec 3 §4: user, queue and ticket status mean nothing while openTicket is disabled.
  .transform((c) =>
    c.openTicket === "enabled" ? c : { ...c, userId: null, queueId: null, statusTicket: "closed" as const },
  );
export type TSaveCampaignRequest = z.infer<typeof ZSaveCampaignRequestSchema>;

export const ZListCampaignsQuerySchema = z.object({
  /** Part of the name, any case. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page of CAMPAIGNS_PAGE_SIZE campaigns. */
  pageNumber: z.coerce.number().int().positive().max(1_000_000).default(1),
});

/** The report's counts (spec 3 §2 "Campaign report"). */
export type CampaignTotals = {
  /** Items of the list (or contacts with the tag). */
  contacts: number;
  /** Those not refused by WhatsApp (decision 0076): the progress's denominator. */
  valid: number;
  /** Shipping records made so far. */
  shippings: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
};

export type CampaignDTO = TSaveCampaignRequest & {
  id: number;
  status: CampaignStatus;
  completedAt: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
};
export type CampaignReportDTO = CampaignDTO & { totals: CampaignTotals };
export type CampaignsPage = { records: CampaignDTO[]; count: number; hasMore: boolean };

/** Delivered over valid contacts, in whole percent (0 with none). */
export function campaignProgress(t: Pick<CampaignTotals, "delivered" | "valid">): number {
  return t.valid > 0 ? Math.min(100, Math.round((t.delivered / t.valid) * 100)) : 0;
}

/** Spec 3 §9 options: message interval in seconds. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const;
/** Spec 3 §9: the longer pause comes after this many messages (0: never). */
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
/** Spec 3 §9: the longer pause in seconds: 0, then 20 to 180 in steps of 10. */
export const GREATER_INTERVAL_OPTIONS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)] as const;

export type CampaignVariable = { key: string; value: string };
export type CampaignSettings = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  /** 'true' or 'false' (spec 3 §3: true/false strings). */
  sabado: "true" | "false";
  domingo: "true" | "false";
  /** HH:MM in America/Sao_Paulo. */
  startHour: string;
  endHour: string;
  /** Custom message variables: {key} in a message becomes value. */
  variables: CampaignVariable[];
};

/** Spec 3 §9 defaults. */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  sabado: "false",
  domingo: "false",
  startHour: "09:00",
  endHour: "18:00",
  variables: [],
};

const oneOf = (options: readonly number[]) => z.coerce.number().refine((v) => options.includes(v), "Invalid option");
const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid hour");
const flag = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) => String(v) as "true" | "false");

/** POST /campaign-settings: `{ settings }`, any of the keys; the others keep their value. */
export const ZSaveCampaignSettingsRequestSchema = z.object({
  settings: z
    .object({
      messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
      longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_OPTIONS),
      greaterInterval: oneOf(GREATER_INTERVAL_OPTIONS),
      sabado: flag,
      domingo: flag,
      startHour: hour,
      endHour: hour,
      variables: z
        .array(
          z.object({
            /** Written {key} in a message. */
            key: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9_]{1,30}$/, "Invalid variable")
              .refine((k) => !["nome", "numero", "email"].includes(k.toLowerCase()), "Reserved variable"),
            value: z.string().max(1000, "Too Long!"),
          }),
        )
        .max(50),
    })
    .partial(),
});
export type TSaveCampaignSettingsRequest = z.infer<typeof ZSaveCampaignSettingsRequestSchema>;

/** Fills {nome}, {numero}, {email} and the custom variables (spec 3 §2); unknown ones stay as written. */
export function renderCampaignMessage(
  message: string,
  contact: { name: string; number: string; email: string },
  variables: CampaignVariable[] = [],
): string {
  const values = new Map<string, string>([
    ["nome", contact.name],
    ["numero", contact.number],
    ["email", contact.email],
  ]);
  for (const v of variables) if (!values.has(v.key.toLowerCase())) values.set(v.key.toLowerCase(), v.value);
  return message.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, key: string) => values.get(key.toLowerCase()) ?? whole);
}
