// 'Adicionar Fluxo' and 'Editar nome' (spec 2 §2; §5: name 2 to 50 characters): POST /flowbuilder {name} or
// PUT /flowbuilder {name, flowId}; editing also turns the flow on or off (Ativo / Desativado).
import { type FlowDTO, ZCreateFlowRequestSchema } from "@chatflow/core/contract/flows.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { FLOW_MESSAGES } from "./flow-messages.ts";
import { useSaveFlowName } from "./flows-data.ts";

export function FlowNameModal({
  flow,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a flow. */
  flow: FlowDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: (saved: FlowDTO) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(flow?.name ?? "");
  const [active, setActive] = useState(flow?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const saveFlowName = useSaveFlowName();

  async function save() {
    const parsed = ZCreateFlowRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, FLOW_MESSAGES));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveFlowName(flow, parsed.data.name, active);
      showToast(flow ? t("flows.toasts.renamed") : t("flows.toasts.created"), "info");
      onSaved(saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, FLOW_MESSAGES));
      else setErrors({ form: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      title={flow ? t("flows.editTitle") : t("flows.addTitle")}
      size="small"
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      note={online ? null : t("flows.needsConnection")}
      cancelLabel={t("flows.cancel")}
      saveLabel={t("flows.save")}
      saveDisabled={!online}
      data-testid="flow-name-modal"
      save-testid="flow-name-save"
    >
      <div className="flow-form">
        <TextField
          label={t("flows.nameLabel")}
          value={name}
          onChange={setName}
          errorMessage={errors.name}
          autoFocus
          data-testid="flow-name"
        />
        {flow && (
          <Switch isSelected={active} onChange={setActive} data-testid="flow-active">
            {t("flows.activeLabel")}
          </Switch>
        )}
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
      </div>
    </FormModal>
  );
}
