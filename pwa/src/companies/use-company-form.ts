// The company modal's form (spec 3 §4, §5, §9): the fields, clear and "+ Due date", the save checked with the
// contract's schema and sent after the spec's 500 ms, and the delete the confirmation runs.

import {
  type CompanyAdminDTO,
  PLATFORM_COMPANY_ID,
  ZCreateCompanyRequestSchema,
  ZUpdateCompanyRequestSchema,
} from "@chatflow/core/contract/companies.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { showToast } from "../ui/toasts.ts";
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

export type CompanyFormState = ReturnType<typeof useCompanyForm>;

export function useCompanyForm({
  company,
  onClose,
  onChanged,
}: {
  company: CompanyAdminDTO | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CompanyForm>(company ? companyFormOf(company) : emptyCompanyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
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
      // A new company names itself and its admin's login (issue 21): the super user hands that login on.
      showToast(
        isNew
          ? t("companiesPage.toasts.created", { name: saved.name, email: saved.email ?? body.email })
          : t("companiesPage.toasts.saved"),
        "info",
      );
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

  const clear = () => {
    setForm(emptyCompanyForm);
    setErrors({});
  };
  const advance = () => setForm((f) => advancedForm(f, localToday()));

  return { form, set, errors, saving, isNew, platform, save, remove, clear, advance };
}
