// Use case: the super user uploads a logo or the favicon (POST /settings-whitelabel/logo, spec 3 §2 White-label
// branding). The file is stored and becomes the mode's logo setting at once; the answer names the stored file and
// the one it replaced, which the caller removes after the commit (decision 0118).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BRANDING_LOGO_FIELD, BRANDING_LOGO_KEYS, type BrandingLogoMode } from "../contract/settings.ts";
import { invalidInput } from "../kernel/errors.ts";
import { replaceBrandingLogo } from "./branding-logo-setting.ts";
import { removeBrandingFile, saveBrandingFile, sniffBranding } from "./branding-store.ts";
import { authorizeSettings } from "./settings-policy.ts";

export type BrandingUpload = { bytes: Buffer; originalName: string; mode: BrandingLogoMode };

export async function uploadBrandingLogo(
  client: pg.ClientBase,
  actor: Actor,
  upload: BrandingUpload,
  dataDir: string,
): Promise<{ fileName: string; replaced: string | null }> {
  authorizeSettings(actor, { kind: "updatePlatform" });
  const kind = sniffBranding(upload.bytes);
  if (!kind) throw invalidInput("Only PNG, JPEG, GIF, WebP or ICO images", BRANDING_LOGO_FIELD);
  const fileName = await saveBrandingFile(dataDir, upload.originalName, upload.bytes, kind);
  try {
    return { fileName, replaced: await replaceBrandingLogo(client, BRANDING_LOGO_KEYS[upload.mode], fileName) };
  } catch (err) {
    await removeBrandingFile(dataDir, fileName);
    throw err;
  }
}
