// Who reads and changes which settings (spec 3 §2 Settings page, §6 Roles):
// company settings are read by every member (they steer the inbox: signature,
// required tag, LGPD masking) and changed by admins; platform settings are
// the super user's, except the non-secret ones the app reads to run (branding,
// user creation, download limit).
import type { Actor } from "../auth/authenticate.ts";
import { isSecretPlatformKey, type PlatformSettingKey } from "../contract/settings.ts";
import { noPermission } from "../kernel/errors.ts";

export type SettingsAction =
  | { kind: "readCompany"; companyId: number }
  | { kind: "updateCompany" }
  | { kind: "readPlatform"; key: PlatformSettingKey }
  | { kind: "listPlatform" }
  | { kind: "updatePlatform" };

export function canSettings(actor: Actor, action: SettingsAction): boolean {
  switch (action.kind) {
    case "readCompany":
      // The super user manages every company (spec 3 §1).
      return action.companyId === actor.companyId || actor.super;
    case "updateCompany":
      return actor.profile === "admin";
    case "readPlatform":
      return actor.super || !isSecretPlatformKey(action.key);
    case "listPlatform":
    case "updatePlatform":
      return actor.super;
  }
}

export function authorizeSettings(actor: Actor, action: SettingsAction): void {
  if (!canSettings(actor, action)) throw noPermission();
}
