// The company users dialog (spec 3 §2 Companies page): the company's users, and a form to add one with name,
// password, e-mail, profile and queues (the company's own). Core runs the users page's create use case in that
// company (plan limit, queues, e-mail rules); its refusals show under their fields.
import { ZCreateUserRequestSchema } from "@chatflow/core/contract/users.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { useCompanyUsers } from "./companies-data.ts";

type NewUser = { name: string; email: string; password: string; profile: "admin" | "user"; queueIds: number[] };
const EMPTY: NewUser = { name: "", email: "", password: "", profile: "user", queueIds: [] };

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
  const { data, add: addUser } = useCompanyUsers(company.id, online);
  const [form, setForm] = useState<NewUser>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof NewUser>(key: K, value: NewUser[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function add() {
    const parsed = ZCreateUserRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await addUser(form);
      showToast(t("companiesPage.usersDialog.added"), "info");
      setForm(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields));
      else showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  const D = "companiesPage.usersDialog";
  return (
    <FormModal
      title={t(`${D}.title`, { name: company.name })}
      size="large"
      onClose={onClose}
      onSubmit={() => void add()}
      saving={saving}
      note={online ? null : t("companiesPage.needsConnection")}
      cancelLabel={t(`${D}.close`)}
      saveLabel={t(`${D}.add`)}
      saveDisabled={!online}
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
              data-testid="company-user-row"
            />
          ))}
        </List>
      )}
      <fieldset className="company-user-form">
        <legend className="field-label">{t(`${D}.newUser`)}</legend>
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
            label={t(`${D}.password`)}
            value={form.password}
            onChange={(v) => set("password", v)}
            errorMessage={errors.password}
            isRequired
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
      </fieldset>
    </FormModal>
  );
}
