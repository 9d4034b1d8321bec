// The company modal's fields (spec 3 §2 Companies page): name, e-mail, default password, phone, plan, document,
// due date, recurrence and active.

import { RECURRENCES } from "@chatflow/core/contract/companies.ts";
import type { PlanDTO } from "@chatflow/core/contract/plans.ts";
import { useTranslation } from "react-i18next";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import type { CompanyForm } from "./company-form.ts";
import type { CompanyFormState } from "./use-company-form.ts";

export function CompanyFields({ state, plans }: { state: CompanyFormState; plans: PlanDTO[] }) {
  const { t } = useTranslation();
  const { form, set, errors, isNew, platform } = state;
  return (
    <div className="company-form-grid">
      <TextField
        label={t("companiesPage.modal.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        data-testid="company-name"
      />
      <TextField
        label={t("companiesPage.modal.email")}
        type="email"
        value={form.email}
        onChange={(v) => set("email", v)}
        errorMessage={errors.email}
        isRequired
        data-testid="company-email"
      />
      <PasswordField
        label={isNew ? t("companiesPage.modal.password") : t("companiesPage.modal.passwordEdit")}
        value={form.password}
        onChange={(v) => set("password", v)}
        errorMessage={errors.password}
        isRequired={isNew}
        autoComplete="new-password"
        data-testid="company-password"
      />
      <TextField
        label={t("companiesPage.modal.phone")}
        type="tel"
        value={form.phone}
        onChange={(v) => set("phone", v)}
        errorMessage={errors.phone}
        data-testid="company-phone"
      />
      <Select
        label={t("companiesPage.modal.plan")}
        items={plans}
        value={form.planId}
        onChange={(k) => set("planId", k === null ? null : Number(k))}
        errorMessage={errors.planId}
        isRequired
        data-testid="company-plan"
      >
        {(p) => <SelectItem id={p.id}>{p.name}</SelectItem>}
      </Select>
      <TextField
        label={t("companiesPage.modal.document")}
        value={form.document}
        onChange={(v) => set("document", v)}
        errorMessage={errors.document}
        data-testid="company-document"
      />
      <TextField
        label={t("companiesPage.modal.dueDate")}
        type="date"
        value={form.dueDate}
        onChange={(v) => set("dueDate", v)}
        errorMessage={errors.dueDate}
        isDisabled={platform}
        data-testid="company-due-date"
      />
      <Select
        label={t("companiesPage.modal.recurrence")}
        items={RECURRENCES.map((r) => ({ id: r }))}
        value={form.recurrence}
        onChange={(k) => k !== null && set("recurrence", k as CompanyForm["recurrence"])}
        errorMessage={errors.recurrence}
        data-testid="company-recurrence"
      >
        {(r) => <SelectItem id={r.id}>{t(`companiesPage.recurrence.${r.id}`)}</SelectItem>}
      </Select>
      <Checkbox
        isSelected={form.status}
        onChange={(v) => set("status", v)}
        isDisabled={platform}
        data-testid="company-status"
      >
        {t("companiesPage.modal.status")}
      </Checkbox>
    </div>
  );
}
