// The company modal (spec 3 §2 Companies page, §4 advance due date, §5): name, e-mail, default password (show
// toggle), phone, plan, active, document, due date and recurrence. Clear resets the fields, delete (edit mode
// only) asks first, "+ Due date" moves the due date by the recurrence, save waits 500 ms (spec 3 §9) and sends.
// The contract's schema checks the form with the spec's messages; core's refusals show under their fields.
import {
  type CompanyAdminDTO,
  PLATFORM_COMPANY_ID,
  RECURRENCES,
  ZCreateCompanyRequestSchema,
  ZUpdateCompanyRequestSchema,
} from "@chatflow/core/contract/companies.ts";
import type { PlanDTO } from "@chatflow/core/contract/plans.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { PasswordField, TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { useDeleteCompany, useSaveCompany } from "./companies-data.ts";
import {
  advancedForm,
  COMPANY_MESSAGE_KEYS,
  COMPANY_SUBMIT_DELAY_MS,
  type CompanyForm,
  companyFormOf,
  companyRequestOf,
  emptyCompanyForm,
  localToday,
} from "./company-form.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function CompanyModal({
  company,
  plans,
  online,
  onClose,
  onChanged,
}: {
  /** null adds a company. */
  company: CompanyAdminDTO | null;
  plans: PlanDTO[];
  online: boolean;
  onClose: () => void;
  /** A company was saved or deleted: the list reloads. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CompanyForm>(company ? companyFormOf(company) : emptyCompanyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const isNew = form.id === null;
  // Company 1 never expires nor goes (spec 3 §4): no delete, and its due date and active flag stay.
  const platform = form.id === PLATFORM_COMPANY_ID;
  const set = <K extends keyof CompanyForm>(key: K, value: CompanyForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const saveCompany = useSaveCompany();
  const deleteCompany = useDeleteCompany();

  async function save() {
    const body = companyRequestOf(form);
    const parsed = (isNew ? ZCreateCompanyRequestSchema : ZUpdateCompanyRequestSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, COMPANY_MESSAGE_KEYS));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await wait(COMPANY_SUBMIT_DELAY_MS);
      const saved = await saveCompany(isNew ? null : form.id, body);
      setForm(companyFormOf(saved));
      showToast(t("companiesPage.toasts.saved"), "info");
      onChanged();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields)
        setErrors(serverFieldErrors(err.body.fields, COMPANY_MESSAGE_KEYS));
      showToast(t("companiesPage.toasts.saveFailed"));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    // Delete is offered for a stored company only.
    if (form.id === null) return;
    try {
      await deleteCompany(form.id);
    } catch {
      throw new Error(t("companiesPage.toasts.deleteFailed"));
    }
    showToast(t("companiesPage.toasts.saved"), "info");
    onChanged();
    onClose();
  }

  const disabled = !online || saving;
  return (
    <>
      <FormModal
        title={isNew ? t("companiesPage.modal.addTitle") : t("companiesPage.modal.editTitle")}
        size="large"
        onClose={onClose}
        onSubmit={() => void save()}
        saving={saving}
        note={online ? null : t("companiesPage.needsConnection")}
        cancelLabel={t("companiesPage.modal.cancel")}
        saveLabel={t("companiesPage.modal.save")}
        saveDisabled={!online}
        data-testid="company-modal"
        save-testid="company-save"
        extraActions={
          <>
            <Button
              onPress={() => {
                setForm(emptyCompanyForm);
                setErrors({});
              }}
              isDisabled={saving}
              data-testid="company-clear"
            >
              {t("companiesPage.modal.clear")}
            </Button>
            {!isNew && !platform && (
              <Button
                variant="danger"
                onPress={() => setConfirming(true)}
                isDisabled={disabled}
                data-testid="company-delete"
              >
                {t("companiesPage.modal.delete")}
              </Button>
            )}
            <Button
              onPress={() => setForm((f) => advancedForm(f, localToday()))}
              isDisabled={saving || platform}
              data-testid="company-advance"
            >
              {t("companiesPage.modal.advance")}
            </Button>
          </>
        }
      >
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
      </FormModal>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t("companiesPage.deleteConfirm.title", { name: form.name })}
        confirmLabel={t("companiesPage.deleteConfirm.confirm")}
        onConfirm={remove}
        data-testid="company-delete-confirm"
      >
        {t("companiesPage.deleteConfirm.text")}
      </ConfirmDialog>
    </>
  );
}
