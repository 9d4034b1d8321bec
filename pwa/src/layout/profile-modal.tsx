// The profile modal (spec 1 §2 Top bar → profile menu): name, password (under the password
// policy), language, theme and default menu. Language and theme apply on this device at
// once on save; name, password, theme and menu are saved to the user's record.
import { useAtom, useSetAtom } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { changeLanguage, LANGUAGES, type Language } from "../i18n/i18n.ts";
import { errorText } from "../i18n/translate-error.ts";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { menuOpenAtom, rememberMenuOpen } from "./menu-state.ts";
import { type ProfileErrors, type ProfileForm, validateProfile } from "./profile.ts";
import { saveMyProfile } from "./profile-data.ts";
import { persistedThemeAtom } from "./theme.ts";

export function ProfileModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return isOpen ? <ProfileModalContent onOpenChange={onOpenChange} /> : null;
}

function ProfileModalContent({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const [theme, setTheme] = useAtom(persistedThemeAtom);
  const setMenuOpen = useSetAtom(menuOpenAtom);
  const [form, setForm] = useState<ProfileForm>(() => ({
    name: user?.name ?? "",
    password: "",
    language: (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "pt-BR",
    theme,
    defaultMenu: user?.defaultMenu ?? "open",
  }));
  const [errors, setErrors] = useState<ProfileErrors & { server?: Record<string, string> }>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!user || saving) return;
    const found = validateProfile(form);
    setErrors(found);
    if (found.name || found.password) return;
    setSaving(true);
    try {
      await saveMyProfile(user, form);
      await changeLanguage(form.language);
      setTheme(form.theme);
      setMenuOpen(form.defaultMenu === "open");
      rememberMenuOpen(form.defaultMenu === "open");
      showToast(t("profile.saved"), "info");
      onOpenChange(false);
    } catch (err) {
      // The server's field messages (contract texts) show under their fields; anything else as a toast.
      if (err instanceof ApiError && err.body?.fields) setErrors({ server: err.body.fields as Record<string, string> });
      else showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  const nameError = errors.name ? t(errors.name) : errors.server?.name;
  const passwordError = errors.password ? t(errors.password) : errors.server?.password;
  return (
    <FormModal
      title={t("profile.title")}
      onClose={() => onOpenChange(false)}
      onSubmit={() => void submit()}
      saving={saving}
      cancelLabel={t("ui.cancel")}
      saveLabel={t("profile.save")}
      data-testid="profile-modal"
      save-testid="profile-save"
    >
      <TextField
        label={t("profile.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={nameError}
        isRequired
        autoComplete="name"
        maxLength={50}
        data-testid="profile-name"
      />
      <PasswordField
        label={t("profile.password")}
        description={t("profile.passwordHint")}
        value={form.password}
        onChange={(v) => set("password", v)}
        errorMessage={passwordError}
        autoComplete="new-password"
        maxLength={50}
        data-testid="profile-password"
      />
      <Select
        label={t("profile.language")}
        value={form.language}
        onChange={(v) => v !== null && set("language", v as Language)}
        data-testid="profile-language"
      >
        {LANGUAGES.map((l) => (
          <SelectItem key={l} id={l} lang={l}>
            {t(`languages.${l}`)}
          </SelectItem>
        ))}
      </Select>
      <Select
        label={t("profile.theme")}
        value={form.theme}
        onChange={(v) => v !== null && set("theme", v as ProfileForm["theme"])}
        data-testid="profile-theme"
      >
        <SelectItem id="light">{t("profile.themes.light")}</SelectItem>
        <SelectItem id="dark">{t("profile.themes.dark")}</SelectItem>
      </Select>
      <Select
        label={t("profile.defaultMenu")}
        value={form.defaultMenu}
        onChange={(v) => v !== null && set("defaultMenu", v as ProfileForm["defaultMenu"])}
        data-testid="profile-menu"
      >
        <SelectItem id="open">{t("profile.menus.open")}</SelectItem>
        <SelectItem id="closed">{t("profile.menus.closed")}</SelectItem>
      </Select>
    </FormModal>
  );
}
