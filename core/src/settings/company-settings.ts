// Company settings (spec 3 §3 "Company settings", column/data pairs), stored as
// key/value rows in `settings` with the defaults below when a row is absent.
import type pg from "pg";

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
} as const;

export type CompanySettingKey = keyof typeof COMPANY_SETTING_DEFAULTS;
export type CompanySettings = Record<CompanySettingKey, string>;

export const isCompanySettingKey = (k: string): k is CompanySettingKey => k in COMPANY_SETTING_DEFAULTS;

/** All settings of a company, defaults filled in. */
export async function getCompanySettings(db: pg.Pool | pg.ClientBase, companyId: number): Promise<CompanySettings> {
  const { rows } = await db.query<{ key: string; value: string | null }>(
    "SELECT key, value FROM settings WHERE company_id = $1",
    [companyId],
  );
  const out: CompanySettings = { ...COMPANY_SETTING_DEFAULTS };
  for (const r of rows) if (isCompanySettingKey(r.key)) out[r.key] = r.value ?? "";
  return out;
}

export async function getCompanySetting(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  key: CompanySettingKey,
): Promise<string> {
  const { rows } = await db.query<{ value: string | null }>(
    "SELECT value FROM settings WHERE company_id = $1 AND key = $2",
    [companyId, key],
  );
  return rows[0] ? (rows[0].value ?? "") : COMPANY_SETTING_DEFAULTS[key];
}

/** True for "enabled" and "true" (spec 3 §9: switches use enabled/disabled, two use booleans). */
export const isOn = (value: string | undefined) => value === "enabled" || value === "true";

export async function setCompanySetting(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  key: CompanySettingKey,
  value: string,
): Promise<void> {
  await db.query(
    `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [companyId, key, value],
  );
}
