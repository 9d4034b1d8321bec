// 'Adicionar Fluxo' and 'Editar nome' (spec 2 §2; §5: name 2 to 50 characters): POST /flowbuilder {name} or
// PUT /flowbuilder {name, flowId}; editing also turns the flow on or off (Ativo / Desativado).
import { type FlowDTO, ZCreateFlowRequestSchema } from "@chatflow/core/contract/flows.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { api } from "../app-services.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { FLOW_MESSAGES } from "./flow-messages.ts";

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

  async function save() {
    const parsed = ZCreateFlowRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, FLOW_MESSAGES));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = flow
        ? await api.put<FlowDTO>("/flowbuilder", { flowId: flow.id, name: parsed.data.name, active })
        : await api.post<FlowDTO>("/flowbuilder", { name: parsed.data.name });
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
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={flow ? t("flows.editTitle") : t("flows.addTitle")}
      size="small"
      keyboardDismiss={!saving}
      onSubmit={() => void save()}
      data-testid="flow-name-modal"
      actions={
        <>
          {!online && <span className="flow-modal-offline">{t("flows.needsConnection")}</span>}
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            {t("flows.cancel")}
          </Button>
          <Button type="submit" variant="primary" isPending={saving} isDisabled={!online} data-testid="flow-name-save">
            {t("flows.save")}
          </Button>
        </>
      }
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
    </Modal>
  );
}
