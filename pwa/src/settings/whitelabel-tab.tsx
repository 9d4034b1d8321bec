// The Whitelabel tab (spec 3 §2 White-label branding, super user): app name and the two primary colours sent
// when the person leaves the field with a change; the light and dark logos and the favicon uploaded with
// POST /settings-whitelabel/logo, whose answer names the stored file. Every change repaints the brand here.
import { BRANDING_LOGO_KEYS, type BrandingLogoMode, brandingFileUrl } from "@chatflow/core/contract/settings.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { showToast } from "../ui/toasts.ts";
import { applyBranding, type Branding, DEFAULT_BRANDING } from "./branding.ts";
import { keepPlatformSetting, uploadBrandingLogo } from "./settings-data.ts";
import { isColor } from "./settings-model.ts";
import type { SettingsData } from "./use-settings-data.ts";

const brandingOf = (settings: Record<string, string>): Branding => ({
  appName: settings.appName || DEFAULT_BRANDING.appName,
  primaryColorLight: settings.primaryColorLight ?? DEFAULT_BRANDING.primaryColorLight,
  primaryColorDark: settings.primaryColorDark ?? DEFAULT_BRANDING.primaryColorDark,
  appLogoLight: settings.appLogoLight ?? "",
  appLogoDark: settings.appLogoDark ?? "",
  appLogoFavicon: settings.appLogoFavicon ?? "",
});

function BrandText({
  id,
  value,
  validate,
  isDisabled,
  onSave,
  swatch,
}: {
  id: "appName" | "primaryColorLight" | "primaryColorDark";
  value: string;
  validate: (v: string) => string | null;
  isDisabled: boolean;
  onSave: (v: string) => void;
  swatch?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const error = validate(draft);
  return (
    <TextField
      label={t(`settingsPage.whitelabel.${id}`)}
      value={draft}
      onChange={setDraft}
      onBlur={() => draft !== value && !error && onSave(draft.trim())}
      errorMessage={error}
      isDisabled={isDisabled}
      data-testid={`setting-${id}`}
      trailing={
        swatch && isColor(draft) ? (
          <span className="settings-swatch" style={{ background: draft }} aria-hidden="true" />
        ) : undefined
      }
    />
  );
}

function LogoField({
  mode,
  fileName,
  online,
  onStored,
}: {
  mode: BrandingLogoMode;
  fileName: string;
  online: boolean;
  onStored: (fileName: string) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const key = BRANDING_LOGO_KEYS[mode];
  async function upload(file: File) {
    const form = new FormData();
    form.append("typeArch", "logo");
    form.append("mode", mode);
    form.append("file", file);
    setBusy(true);
    try {
      onStored(await uploadBrandingLogo(form));
      showToast(t("settingsPage.toasts.updated"), "info");
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="settings-logo" data-testid={`setting-${key}`}>
      <span className="field-label">{t(`settingsPage.whitelabel.${key}`)}</span>
      <div className={`settings-logo-preview settings-logo-${mode.toLowerCase()}`}>
        {fileName ? (
          <img src={brandingFileUrl(fileName)} alt={t(`settingsPage.whitelabel.${key}`)} />
        ) : (
          <span className="settings-logo-none">{t("settingsPage.whitelabel.none")}</span>
        )}
      </div>
      <FileButton
        acceptedFileTypes={["image/png", "image/jpeg", "image/gif", "image/webp", "image/x-icon", ".ico"]}
        onSelect={([file]) => file && void upload(file)}
        isDisabled={!online || busy}
        data-testid={`setting-${key}-upload`}
      >
        {busy ? t("settingsPage.updating") : t("settingsPage.whitelabel.upload")}
      </FileButton>
    </div>
  );
}

export function WhitelabelTab({ data, online }: { data: SettingsData; online: boolean }) {
  const { t } = useTranslation();
  const settings = data.platform ?? {};
  const branding = brandingOf(settings);
  const save = async (key: keyof Branding, value: string) => {
    if (await data.savePlatform(key, value)) applyBranding({ ...branding, [key]: value });
  };
  const stored = async (key: keyof Branding, fileName: string) => {
    // The upload set the setting already: keep it and repaint.
    await keepPlatformSetting(key, fileName);
    applyBranding({ ...branding, [key]: fileName });
  };
  const colorError = (v: string) => (isColor(v.trim()) ? null : t("settingsPage.whitelabel.invalidColor"));
  return (
    <div className="settings-whitelabel" data-testid="settings-whitelabel">
      <BrandText
        id="appName"
        value={settings.appName ?? DEFAULT_BRANDING.appName}
        validate={(v) =>
          v.trim() === "" ? t("settingsPage.required") : v.trim().length > 50 ? t("validation.tooLong") : null
        }
        isDisabled={!online || data.updating.has("platform:appName")}
        onSave={(v) => void save("appName", v)}
      />
      {(["primaryColorLight", "primaryColorDark"] as const).map((key) => (
        <BrandText
          key={key}
          id={key}
          value={branding[key]}
          validate={colorError}
          isDisabled={!online || data.updating.has(`platform:${key}`)}
          onSave={(v) => void save(key, v)}
          swatch
        />
      ))}
      <div className="settings-logos">
        {(Object.keys(BRANDING_LOGO_KEYS) as BrandingLogoMode[]).map((mode) => (
          <LogoField
            key={mode}
            mode={mode}
            fileName={branding[BRANDING_LOGO_KEYS[mode]]}
            online={online}
            onStored={(f) => void stored(BRANDING_LOGO_KEYS[mode], f)}
          />
        ))}
      </div>
    </div>
  );
}
