// The user modal (spec 1 §2 Dialogs "user modal (general and permissions tabs)"): general
// holds name, e-mail, password (a new one under the password policy), profile, queues,
// default connection, working hours, farewell message, theme, menu and picture; permissions
// holds the switches of spec 1 §6. Saving needs a connection (users are REST-only).
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { PROFILE_IMAGE_FIELD, type UserAnswer } from "@chatflow/core/contract/users.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { Avatar } from "../ui/avatar.tsx";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import {
  NO_CONNECTION,
  newUserForm,
  PERMISSIONS,
  type Permission,
  tabOfField,
  type UserErrors,
  type UserForm,
  userFormFrom,
  validateUserForm,
} from "./user-form.ts";
import { useSaveUser } from "./users-data.ts";

type TabId = "general" | "permissions";

export function UserModal({
  user,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a user. */
  user: UserAnswer | UserDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const queues = useReplicaQueues() ?? [];
  const whatsapps = useReplicaWhatsapps() ?? [];
  const saveUser = useSaveUser();
  const [form, setForm] = useState<UserForm>(() => (user ? userFormFrom(user) : newUserForm()));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<UserErrors>({});
  const [tab, setTab] = useState<TabId>("general");
  const [saving, setSaving] = useState(false);
  const isNew = user === null;
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function showErrors(found: UserErrors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setTab(tabOfField(first));
  }

  async function submit() {
    if (saving || !online) return;
    const found = validateUserForm(form, isNew);
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const outcome = await saveUser(form, user, avatar);
      if (!outcome.ok) {
        if (Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
        else showToast(errorText(outcome.error));
        return;
      }
      onSaved();
      if (outcome.avatarError) {
        showToast(`${t("usersPage.toasts.saved")} ${t("usersPage.modal.avatarRefused")}: ${outcome.avatarError}`);
      } else showToast(t("usersPage.toasts.saved"), "info");
      onClose();
    } finally {
      setSaving(false);
    }
  }

  const connectionItems = [{ id: NO_CONNECTION, name: t("usersPage.modal.noConnection") }, ...whatsapps];
  const switchValue = (key: Permission) => (key === "allowGroup" ? form.allowGroup : form[key] === "enabled");
  const setSwitch = (key: Permission, on: boolean) => {
    if (key === "allowGroup") set("allowGroup", on);
    else set(key, on ? "enabled" : "disabled");
  };

  const general = (
    <>
      <div className="user-form-grid">
        <TextField
          label={t("usersPage.modal.name")}
          value={form.name}
          onChange={(v) => set("name", v)}
          errorMessage={errors.name}
          isRequired
          autoFocus
          data-testid="user-name"
        />
        <TextField
          label={t("usersPage.modal.email")}
          type="email"
          value={form.email}
          onChange={(v) => set("email", v)}
          errorMessage={errors.email}
          isRequired
          data-testid="user-email"
        />
        <PasswordField
          label={t("usersPage.modal.password")}
          description={isNew ? t("validation.passwordPolicy") : t("usersPage.modal.passwordKeep")}
          value={form.password}
          onChange={(v) => set("password", v)}
          errorMessage={errors.password}
          isRequired={isNew}
          autoComplete="new-password"
          data-testid="user-password"
        />
        <Select
          label={t("usersPage.modal.profile")}
          items={[
            { id: "user", name: t("usersPage.profiles.user") },
            { id: "admin", name: t("usersPage.profiles.admin") },
          ]}
          value={form.profile}
          onChange={(k) => set("profile", k === "admin" ? "admin" : "user")}
          errorMessage={errors.profile}
          data-testid="user-profile"
        >
          {(p) => <SelectItem id={p.id}>{p.name}</SelectItem>}
        </Select>
        <Select
          label={t("usersPage.modal.queues")}
          selectionMode="multiple"
          items={queues}
          value={form.queueIds}
          onChange={(keys) => set("queueIds", (keys as number[]).map(Number))}
          placeholder={t("usersPage.modal.noQueues")}
          errorMessage={errors.queueIds}
          data-testid="user-queues"
        >
          {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
        </Select>
        <Select
          label={t("usersPage.modal.connection")}
          items={connectionItems}
          value={form.whatsappId}
          onChange={(k) => set("whatsappId", Number(k ?? NO_CONNECTION))}
          errorMessage={errors.whatsappId}
          data-testid="user-connection"
        >
          {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
        </Select>
        <TextField
          label={t("usersPage.modal.startWork")}
          type="time"
          value={form.startWork}
          onChange={(v) => set("startWork", v)}
          errorMessage={errors.startWork}
          data-testid="user-start-work"
        />
        <TextField
          label={t("usersPage.modal.endWork")}
          type="time"
          value={form.endWork}
          onChange={(v) => set("endWork", v)}
          errorMessage={errors.endWork}
          data-testid="user-end-work"
        />
        <Select
          label={t("usersPage.modal.theme")}
          items={[
            { id: "light", name: t("usersPage.modal.themes.light") },
            { id: "dark", name: t("usersPage.modal.themes.dark") },
          ]}
          value={form.defaultTheme}
          onChange={(k) => set("defaultTheme", k === "dark" ? "dark" : "light")}
        >
          {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
        </Select>
        <Select
          label={t("usersPage.modal.menu")}
          items={[
            { id: "open", name: t("usersPage.modal.menus.open") },
            { id: "closed", name: t("usersPage.modal.menus.closed") },
          ]}
          value={form.defaultMenu}
          onChange={(k) => set("defaultMenu", k === "closed" ? "closed" : "open")}
        >
          {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
        </Select>
      </div>
      <TextAreaField
        label={t("usersPage.modal.farewell")}
        value={form.farewellMessage}
        onChange={(v) => set("farewellMessage", v)}
        errorMessage={errors.farewellMessage}
        rows={2}
      />
      <div className="user-avatar-field">
        <Avatar name={form.name || "?"} src={avatar ? null : user?.profileImage} size={48} />
        <FileButton
          acceptedFileTypes={["image/png", "image/jpeg", "image/gif", "image/webp"]}
          onSelect={(f) => setAvatar(f[0] ?? null)}
        >
          {t("usersPage.modal.avatar")}
        </FileButton>
        {avatar && <span>{avatar.name}</span>}
        {errors[PROFILE_IMAGE_FIELD] && (
          <span className="field-error" role="alert">
            {errors[PROFILE_IMAGE_FIELD]}
          </span>
        )}
      </div>
    </>
  );
  const permissions = (
    <>
      <p className="user-permissions-intro">{t("usersPage.modal.permissionsIntro")}</p>
      {PERMISSIONS.map((key) => (
        <Checkbox
          key={key}
          isSelected={switchValue(key)}
          onChange={(on) => setSwitch(key, on)}
          description={t(`usersPage.permissions.${key}.help`)}
          errorMessage={errors[key]}
          data-testid={`user-permission-${key}`}
        >
          {t(`usersPage.permissions.${key}.label`)}
        </Checkbox>
      ))}
    </>
  );

  return (
    <FormModal
      title={isNew ? t("usersPage.modal.addTitle") : t("usersPage.modal.editTitle")}
      size="large"
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      note={online ? null : t("usersPage.needsConnection")}
      cancelLabel={t("usersPage.modal.cancel")}
      saveLabel={t("usersPage.modal.save")}
      saveDisabled={!online}
      data-testid="user-modal"
      save-testid="user-save"
      tabs={{
        label: t("usersPage.modal.tabs"),
        selected: tab,
        onChange: (id) => setTab(id as TabId),
        items: [
          {
            id: "general",
            label: t("usersPage.modal.general"),
            content: general,
            className: "user-form",
            "data-testid": "user-tab-general",
          },
          {
            id: "permissions",
            label: t("usersPage.modal.permissions"),
            content: permissions,
            className: "user-form",
            "data-testid": "user-tab-permissions",
          },
        ],
      }}
    />
  );
}
