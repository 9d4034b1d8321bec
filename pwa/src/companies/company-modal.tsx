// The company modal (spec 3 §2 Companies page, §4 advance due date, §5): name, e-mail, default password (show
// toggle), phone, plan, active, document, due date and recurrence. Clear resets the fields, delete (edit mode
// only) asks first, "+ Due date" moves the due date by the recurrence, save waits 500 ms (spec 3 §9) and sends.
// The contract's schema checks the form with the spec's messages; core's refusals show under their fields.
import type { CompanyAdminDTO } from "@chatflow/core/contract/companies.ts";
import type { PlanDTO } from "@chatflow/core/contract/plans.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { CompanyFields } from "./company-fields.tsx";
import { useCompanyForm } from "./use-company-form.ts";

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
  const state = useCompanyForm({ company, onClose, onChanged });
  const { form, saving, isNew, platform } = state;
  const [confirming, setConfirming] = useState(false);

  const disabled = !online || saving;
  return (
    <>
      <FormModal
        title={isNew ? t("companiesPage.modal.addTitle") : t("companiesPage.modal.editTitle")}
        size="large"
        onClose={onClose}
        onSubmit={() => void state.save()}
        saving={saving}
        note={online ? null : t("companiesPage.needsConnection")}
        cancelLabel={t("companiesPage.modal.cancel")}
        saveLabel={t("companiesPage.modal.save")}
        saveDisabled={!online}
        data-testid="company-modal"
        save-testid="company-save"
        extraActions={
          <>
            <Button onPress={state.clear} isDisabled={saving} data-testid="company-clear">
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
            <Button onPress={state.advance} isDisabled={saving || platform} data-testid="company-advance">
              {t("companiesPage.modal.advance")}
            </Button>
          </>
        }
      >
        <CompanyFields state={state} plans={plans} />
      </FormModal>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t("companiesPage.deleteConfirm.title", { name: form.name })}
        confirmLabel={t("companiesPage.deleteConfirm.confirm")}
        onConfirm={state.remove}
        data-testid="company-delete-confirm"
      >
        {t("companiesPage.deleteConfirm.text")}
      </ConfirmDialog>
    </>
  );
}
