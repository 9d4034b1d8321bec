// The company users dialog (spec 3 §2 Companies page): the company's users, each with edit and delete, and one form
// with name, password, e-mail, profile and queues (the company's own) that adds a user or, after a row's edit, saves
// that user (an empty password keeps theirs). Core runs the users page's own use cases in that company (plan limit,
// queues, e-mail rules, the audit log) and never lets the company lose its last admin (decision 0119): that admin has
// no delete button, and a refusal says why. Its refusals show under their fields. A user being edited shows whether
// they have two-factor sign-in on, with the reset (decision 0113).
import type { CompanyUsersDTO } from "@chatflow/core/contract/companies.ts";
import { ZCompanyUserUpdateRequestSchema, ZCreateUserRequestSchema } from "@chatflow/core/contract/users.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { UserTwoFactor } from "../users/user-two-factor.tsx";
import { useCompanyUsers } from "./companies-data.ts";

type UserForm = { name: string; email: string; password: string; profile: "admin" | "user"; queueIds: number[] };
type CompanyUser = CompanyUsersDTO["users"][number];
const EMPTY: UserForm = { name: "", email: "", password: "", profile: "user", queueIds: [] };
const D = "companiesPage.usersDialog";

export function CompanyUsersModal({
  company,
  online,
  onClose,
}: {
  company: { id: number; name: string };
  online: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, add: addUser, update: updateUser, remove: removeUser } = useCompanyUsers(company.id, online);
  const [form, setForm] = useState<UserForm>(EMPTY);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [deleting, setDeleting] = useState<CompanyUser | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const admins = data?.users.filter((u) => u.profile === "admin").length ?? 0;

  /** The server's refusal in this dialog's words: the last admin's rule has its own text. */
  const refusal = (err: unknown) =>
    err instanceof ApiError && err.body?.error === "ERR_WRONG_STATE" ? t(`${D}.lastAdmin`) : errorText(err);

  function startEdit(u: CompanyUser) {
    setEditing(u);
    setErrors({});
    setForm({ name: u.name, email: u.email, password: "", profile: u.profile, queueIds: u.queues.map((q) => q.id) });
  }
  function stopEdit() {
    setEditing(null);
    setErrors({});
    setForm(EMPTY);
  }

  async function save() {
    const parsed = (editing ? ZCompanyUserUpdateRequestSchema : ZCreateUserRequestSchema).safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (editing) {
        await updateUser(editing.id, form);
        showToast(t(`${D}.saved`), "info");
        setEditing(null);
      } else {
        await addUser(form);
        showToast(t(`${D}.added`), "info");
      }
      setForm(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields));
      else showToast(refusal(err));
    } finally {
      setSaving(false);
    }
  }

  async function remove(u: CompanyUser) {
    try {
      await removeUser(u.id);
    } catch (err) {
      // ConfirmDialog shows a thrown error's code; this dialog says the last admin's rule in words.
      throw refusal(err);
    }
    if (editing?.id === u.id) stopEdit();
    showToast(t(`${D}.deleted`), "info");
  }

  return (
    <FormModal
      title={t(`${D}.title`, { name: company.name })}
      size="large"
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      note={online ? null : t("companiesPage.needsConnection")}
      cancelLabel={t(`${D}.close`)}
      saveLabel={editing ? t(`${D}.save`) : t(`${D}.add`)}
      saveDisabled={!online}
      extraActions={
        editing && (
          <Button variant="secondary" onPress={stopEdit} isDisabled={saving} data-testid="company-user-cancel-edit">
            {t(`${D}.cancelEdit`)}
          </Button>
        )
      }
      data-testid="company-users-modal"
      save-testid="company-user-add"
    >
      {data === null ? (
        online ? (
          <Spinner />
        ) : null
      ) : data.users.length === 0 ? (
        <p>{t(`${D}.empty`)}</p>
      ) : (
        <List label={t(`${D}.listLabel`)} className="company-users-list">
          {data.users.map((u) => (
            <ListItem
              key={u.id}
              title={u.name}
              subtitle={[u.email, t(`${D}.profiles.${u.profile}`), u.queues.map((q) => q.name).join(", ")]
                .filter(Boolean)
                .join(" · ")}
              current={editing?.id === u.id}
              actions={
                <EditDeleteButtons
                  editLabel={t(`${D}.editUser`, { name: u.name })}
                  deleteLabel={t(`${D}.deleteUser`, { name: u.name })}
                  onEdit={() => startEdit(u)}
                  // The company's only admin stays (core refuses it too).
                  onDelete={u.profile === "admin" && admins <= 1 ? undefined : () => setDeleting(u)}
                  isDisabled={!online || saving}
                  testId="company-user"
                />
              }
              data-testid="company-user-row"
            />
          ))}
        </List>
      )}
      <fieldset className="company-user-form">
        <legend className="field-label" data-testid="company-user-legend">
          {editing ? t(`${D}.editing`, { name: editing.name }) : t(`${D}.newUser`)}
        </legend>
        <div className="company-form-grid">
          <TextField
            label={t(`${D}.name`)}
            value={form.name}
            onChange={(v) => set("name", v)}
            errorMessage={errors.name}
            isRequired
            data-testid="company-user-name"
          />
          <TextField
            label={t(`${D}.email`)}
            type="email"
            value={form.email}
            onChange={(v) => set("email", v)}
            errorMessage={errors.email}
            isRequired
            data-testid="company-user-email"
          />
          <PasswordField
            label={editing ? t(`${D}.passwordEdit`) : t(`${D}.password`)}
            value={form.password}
            onChange={(v) => set("password", v)}
            errorMessage={errors.password}
            isRequired={!editing}
            autoComplete="new-password"
            data-testid="company-user-password"
          />
          <Select
            label={t(`${D}.profile`)}
            items={[
              { id: "user", name: t(`${D}.profiles.user`) },
              { id: "admin", name: t(`${D}.profiles.admin`) },
            ]}
            value={form.profile}
            onChange={(k) => set("profile", k === "admin" ? "admin" : "user")}
            data-testid="company-user-profile"
          >
            {(p) => <SelectItem id={p.id}>{p.name}</SelectItem>}
          </Select>
          <Select
            label={t(`${D}.queues`)}
            selectionMode="multiple"
            items={data?.queues ?? []}
            value={form.queueIds}
            onChange={(keys) => set("queueIds", (keys as number[]).map(Number))}
            placeholder={t(`${D}.noQueues`)}
            errorMessage={errors.queueIds}
            data-testid="company-user-queues"
          >
            {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
          </Select>
        </div>
        {/* The super user resets the second factor of any company's user (decision 0113), as an admin does on /users. */}
        {editing && online && <UserTwoFactor key={editing.id} userId={editing.id} name={editing.name} />}
      </fieldset>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t(`${D}.deleteTitle`, { name: deleting?.name ?? "" })}
        confirmLabel={t(`${D}.deleteConfirm`)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="company-user-delete-confirm"
      >
        {t(`${D}.deleteText`)}
      </ConfirmDialog>
    </FormModal>
  );
}
