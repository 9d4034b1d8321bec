// The user modal's tabs (spec 1 §2 "user modal (general and permissions tabs)"): general with the account, work and
// look fields and the picture; permissions with the switches of spec 1 §6.

import type { QueueDTO, UserDTO } from "@chatflow/core/contract/entities.ts";
import { PROFILE_IMAGE_FIELD, type UserAnswer } from "@chatflow/core/contract/users.ts";
import { useTranslation } from "react-i18next";
import { Avatar } from "../ui/avatar.tsx";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import type { UserFormState } from "./use-user-form.ts";
import { NO_CONNECTION, PERMISSIONS } from "./user-form.ts";
import { UserTwoFactor } from "./user-two-factor.tsx";

type StateProps = { state: UserFormState };

export function UserGeneralTab({
  state,
  user,
  queues,
  connections,
}: StateProps & {
  user: UserAnswer | UserDTO | null;
  queues: QueueDTO[];
  connections: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const { form, set, errors, isNew, avatar } = state;
  return (
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
        <UserWorkFields state={state} queues={queues} connections={connections} />
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
          onSelect={(f) => state.setAvatar(f[0] ?? null)}
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
      {user && !isNew && <UserTwoFactor userId={user.id} name={user.name} />}
    </>
  );
}

/** Where and when the user works, and how the app opens for them: queues, connection, hours, theme, menu. */
function UserWorkFields({
  state,
  queues,
  connections,
}: StateProps & { queues: QueueDTO[]; connections: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const { form, set, errors } = state;
  return (
    <>
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
        items={connections}
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
    </>
  );
}

export function UserPermissionsTab({ state }: StateProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="user-permissions-intro">{t("usersPage.modal.permissionsIntro")}</p>
      {PERMISSIONS.map((key) => (
        <Checkbox
          key={key}
          isSelected={state.switchValue(key)}
          onChange={(on) => state.setSwitch(key, on)}
          description={t(`usersPage.permissions.${key}.help`)}
          errorMessage={state.errors[key]}
          data-testid={`user-permission-${key}`}
        >
          {t(`usersPage.permissions.${key}.label`)}
        </Checkbox>
      ))}
    </>
  );
}
