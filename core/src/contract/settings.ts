// Company settings (column/data pairs) and platform settings (key/value, super
// user) of spec 3 §3: their keys, defaults and the values each one takes.
// Shared by the API and the settings screens.
import { z } from "zod";
import { BRANDING_DEFAULTS, BRANDING_FILE_NAME, BRANDING_KEYS, type BrandingKey } from "./branding.ts";

export { BRANDING_FILE_NAME, BRANDING_KEYS, type BrandingKey, brandingFileUrl } from "./branding.ts";

const SWITCH = ["enabled", "disabled"] as const;
const BOOLEAN = ["true", "false"] as const;

/** Every company setting with its value when the company never set it. */
export const COMPANY_SETTING_DEFAULTS = {
  userRating: "disabled",
  scheduleType: "disabled",
  chatBotType: "text",
  acceptCallWhatsapp: "enabled",
  userRandom: "disabled",
  sendGreetingMessageOneQueues: "enabled",
  sendSignMessage: "enabled",
  sendFarewellWaitingTicket: "disabled",
  sendGreetingAccepted: "disabled",
  sendQueuePosition: "disabled",
  acceptAudioMessageContact: "enabled",
  enableLGPD: "disabled",
  requiredTag: "disabled",
  lgpdDeleteMessage: "disabled",
  lgpdHideNumber: "disabled",
  lgpdConsent: "disabled",
  lgpdMessage: "",
  lgpdLink: "",
  sendMsgTransfTicket: "disabled",
  DirectTicketsToWallets: "false",
  closeTicketOnTransfer: "false",
  transferMessage: "",
  greetingAcceptedMessage: "",
  AcceptCallWhatsappMessage: "",
  sendQueuePositionMessage: "",
  showNotificationPending: "false",
  // Two-factor sign-in for every user of the company (decision 0113).
  requireTwoFactor: "disabled",
} as const;

export type CompanySettingKey = keyof typeof COMPANY_SETTING_DEFAULTS;
export type CompanySettings = Record<CompanySettingKey, string>;

export const isCompanySettingKey = (k: string): k is CompanySettingKey => Object.hasOwn(COMPANY_SETTING_DEFAULTS, k);

/**
 * The closed set of values of each switch or option column (spec 3 §9: switches use
 * enabled/disabled, two use booleans; schedule and chatbot types are options).
 * A column absent here holds free text (a custom message or a link).
 */
export const COMPANY_SETTING_VALUES: Partial<Record<CompanySettingKey, readonly string[]>> = {
  userRating: SWITCH,
  scheduleType: ["disabled", "queue", "company", "connection"],
  chatBotType: ["text", "list", "button"],
  acceptCallWhatsapp: SWITCH,
  userRandom: SWITCH,
  sendGreetingMessageOneQueues: SWITCH,
  sendSignMessage: SWITCH,
  sendFarewellWaitingTicket: SWITCH,
  sendGreetingAccepted: SWITCH,
  sendQueuePosition: SWITCH,
  acceptAudioMessageContact: SWITCH,
  enableLGPD: SWITCH,
  requiredTag: SWITCH,
  lgpdDeleteMessage: SWITCH,
  lgpdHideNumber: SWITCH,
  lgpdConsent: SWITCH,
  sendMsgTransfTicket: SWITCH,
  DirectTicketsToWallets: BOOLEAN,
  closeTicketOnTransfer: BOOLEAN,
  showNotificationPending: BOOLEAN,
  requireTwoFactor: SWITCH,
};

/** Longest free-text setting value (custom messages). */
export const SETTING_TEXT_MAX = 4000;

/** Checks one company setting's value; answers the error message, or null when it is valid. */
export function companySettingValueError(column: CompanySettingKey, value: string): string | null {
  const allowed = COMPANY_SETTING_VALUES[column];
  if (allowed) return allowed.includes(value) ? null : `Must be one of: ${allowed.join(", ")}`;
  return value.length > SETTING_TEXT_MAX ? "Too Long!" : null;
}

export const ZCompanySettingOneQuerySchema = z.object({
  /** The setting's column name (spec 3 §3 Company settings). */
  column: z.string({ error: "Required" }).min(1, "Required"),
});

export const ZUpdateCompanySettingRequestSchema = z.object({
  /** The setting's column name (spec 3 §3 Company settings). */
  column: z.string({ error: "Required" }).min(1, "Required"),
  /** The new value; the two boolean settings may come as JSON booleans. */
  data: z.union([z.string(), z.boolean()], { error: "Required" }).transform((v) => String(v)),
});
export type TUpdateCompanySettingRequest = z.infer<typeof ZUpdateCompanySettingRequestSchema>;

/** Platform settings (spec 3 §3 Global settings) with their defaults (spec 3 §9 branding defaults). */
export const PLATFORM_SETTING_DEFAULTS = {
  userCreation: "enabled",
  downloadLimit: "64",
  eficlientid: "",
  eficlientsecret: "",
  efichavepix: "",
  mpaccesstoken: "",
  stripeprivatekey: "",
  asaastoken: "",
  /**
   * What authenticates each provider's payment notifications (decision 0110): Stripe's endpoint signing secret
   * (whsec_...), Mercado Pago's secret signature, and the token Asaas sends in asaas-access-token.
   */
  stripewebhooksecret: "",
  mpwebhooksecret: "",
  asaaswebhooktoken: "",
  openaikeyaudio: "",
  // Two-factor sign-in for every admin of the platform, the super users included (decision 0113).
  requireTwoFactorAdmins: "disabled",
  ...BRANDING_DEFAULTS,
} as const;

export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_DEFAULTS;

/**
 * GET /settings/installation (super user; decision 0104): what the installation's environment leaves out, which no
 * setting on the page can fix and which changes what users are told.
 */
export type InstallationStatus = {
  /** SMTP_URL is set: password reset codes can be mailed. */
  mailConfigured: boolean;
  /** PUBLIC_URL is set: EFI can notify Pix payments; without it the worker checks each charge instead. */
  publicUrlConfigured: boolean;
};

export const isPlatformSettingKey = (k: string): k is PlatformSettingKey => Object.hasOwn(PLATFORM_SETTING_DEFAULTS, k);

export const isBrandingKey = (k: string): k is BrandingKey => (BRANDING_KEYS as readonly string[]).includes(k);

/** Payment-provider credentials and the OpenAI key: only the super user reads them. */
export const SECRET_PLATFORM_KEYS = [
  "eficlientid",
  "eficlientsecret",
  "efichavepix",
  "mpaccesstoken",
  "stripeprivatekey",
  "asaastoken",
  "stripewebhooksecret",
  "mpwebhooksecret",
  "asaaswebhooktoken",
  "openaikeyaudio",
] as const satisfies readonly PlatformSettingKey[];
export const isSecretPlatformKey = (k: string) => (SECRET_PLATFORM_KEYS as readonly string[]).includes(k);

/** Download limit options in MB (spec 3 §9). */
export const DOWNLOAD_LIMITS = ["32", "64", "128", "256", "512", "1024", "2048"] as const;

const ZColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Invalid color");

const ZBrandingFile = z
  .string()
  .max(200, "Too Long!")
  .refine((v) => v === "" || (BRANDING_FILE_NAME.test(v) && !v.includes("..")), "Invalid file name");

/** POST /settings-whitelabel/logo: the multipart field holding the file. */
export const BRANDING_LOGO_FIELD = "file";
/** Largest logo or favicon accepted. */
export const BRANDING_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The logo a mode sets (spec 3 §7: mode Light, Dark or Favicon). */
export const BRANDING_LOGO_KEYS = {
  Light: "appLogoLight",
  Dark: "appLogoDark",
  Favicon: "appLogoFavicon",
} as const satisfies Record<string, PlatformSettingKey>;
export type BrandingLogoMode = keyof typeof BRANDING_LOGO_KEYS;

export const ZBrandingLogoFieldsSchema = z.object({
  /** The upload's kind; the whitelabel tab sends 'logo'. */
  typeArch: z.literal("logo", { error: "Invalid typeArch" }).optional(),
  /** Which logo the file becomes. */
  mode: z.enum(["Light", "Dark", "Favicon"], { error: "Must be one of: Light, Dark, Favicon" }),
});

/** The schema of each platform setting's value. */
export const PLATFORM_SETTING_SCHEMAS: Record<PlatformSettingKey, z.ZodType<string>> = {
  userCreation: z.enum(SWITCH),
  downloadLimit: z.enum(DOWNLOAD_LIMITS),
  eficlientid: z.string().max(SETTING_TEXT_MAX),
  eficlientsecret: z.string().max(SETTING_TEXT_MAX),
  efichavepix: z.string().max(SETTING_TEXT_MAX),
  mpaccesstoken: z.string().max(SETTING_TEXT_MAX),
  stripeprivatekey: z.string().max(SETTING_TEXT_MAX),
  asaastoken: z.string().max(SETTING_TEXT_MAX),
  stripewebhooksecret: z.string().max(SETTING_TEXT_MAX),
  mpwebhooksecret: z.string().max(SETTING_TEXT_MAX),
  asaaswebhooktoken: z.string().max(SETTING_TEXT_MAX),
  openaikeyaudio: z.string().max(SETTING_TEXT_MAX),
  requireTwoFactorAdmins: z.enum(SWITCH),
  primaryColorLight: ZColor,
  primaryColorDark: ZColor,
  appName: z.string().trim().min(1, "Required").max(50, "Too Long!"),
  appLogoLight: ZBrandingFile,
  appLogoDark: ZBrandingFile,
  appLogoFavicon: ZBrandingFile,
};

export const ZUpdatePlatformSettingRequestSchema = z.object({
  /** The new value, checked against the key's schema. */
  value: z.union([z.string(), z.number(), z.boolean()], { error: "Required" }).transform((v) => String(v)),
});

/** One setting as GET /settings, GET /setting/{key} and GET /public-settings/{key} answer it. */
export type SettingDTO = { key: string; value: string };

/** POST /settings/cert-upload?ref={destination} (spec 3 §2 Payment certificate): where a .p12 certificate goes. */
export const CERT_DESTINATIONS = ["efi"] as const;
export type CertDestination = (typeof CERT_DESTINATIONS)[number];
/** The answer's message when the file was kept: the page reports success only on it (spec 3 §4). */
export const CERT_ATTACHED_MESSAGE = "Arquivo anexado";
/** The multipart field of the certificate. */
export const CERT_FIELD = "file";
/** A PKCS#12 bundle is a few kilobytes; anything this large is not one. */
export const CERT_MAX_BYTES = 256 * 1024;
/** The spec's warnings (spec 3 §8 Certificate), also the server's field messages. */
export const CERT_MESSAGES = {
  noFile: "Choose a file",
  noDestination: "Choose a destination",
  notP12: "use only p12 files",
  noPermission: "No permission to access",
} as const;

export const ZCertUploadQuerySchema = z.object({
  /** The certificate's destination (the payment provider that uses it). */
  ref: z.enum(CERT_DESTINATIONS, { error: CERT_MESSAGES.noDestination }),
});
